// `npm run backup -- [--out FILE]` and `npm run restore -- FILE [--force]`, with the app's own configuration; built
// as dist/backup.js (`node apps/server/dist/backup.js backup|restore …`) where only runtime packages are installed.
import { ConfigError, loadConfig } from '../../core/config';
import { DataDirBusyError } from '../../core/data-lock';
import { backup, sizeText } from './backup';
import { parseCommand, USAGE, UsageError } from './command';
import { BackupError } from './manifest';
import { restore } from './restore';

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const command = parseCommand(argv);
  const config = loadConfig();
  const log = (line: string) => console.log(line);
  const started = Date.now();
  if (command.name === 'backup') {
    const s = await backup(config, command.out, log);
    const m = s.manifest;
    log(
      `Backup written: ${s.file} (${sizeText(s.archiveBytes)}): ${m.database.kind} database with ` +
        `${m.database.documents} documents and ${m.database.attachments} attachments, ${m.fileCount} files ` +
        `(${sizeText(m.fileBytes)}), in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  } else {
    const s = await restore(config, command.archive, command.force, log);
    log(
      `Restored ${command.archive}: ${s.documents} documents, ${s.attachments} attachments, ` +
        `${s.manifest.fileCount} files (${sizeText(s.manifest.fileBytes)}), in ` +
        `${((Date.now() - started) / 1000).toFixed(1)} s. Start the app to use it.`,
    );
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      process.exit(64);
    }
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    if (err instanceof BackupError || err instanceof DataDirBusyError) console.error(`Failed: ${err.message}`);
    else console.error('Failed:', err);
    process.exit(1);
  },
);
