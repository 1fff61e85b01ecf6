import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultBackupPath } from './backup';

export const USAGE = `Usage:
  npm run backup -- [--out FILE]        archive to FILE (default: backups/ems-<UTC time>.tar)
  npm run restore -- FILE [--force]     restore into an empty database and data folder;
                                        --force replaces what they hold
Both read DATABASE_URL and DATA_DIR like the app (DATABASE_URL unset: the embedded database in DATA_DIR/pglite).`;

export type Command = { name: 'backup'; out: string } | { name: 'restore'; archive: string; force: boolean };

export class UsageError extends Error {}

/** Paths the user typed are taken from where they typed them (npm runs scripts from the project's root). */
export function parseCommand(argv: string[], cwd = process.env.INIT_CWD ?? process.cwd()): Command {
  const [name, ...rest] = argv;
  let parsed: { values: { out?: string | undefined; force?: boolean | undefined }; positionals: string[] };
  try {
    parsed = parseArgs({
      args: rest,
      options: { out: { type: 'string' }, force: { type: 'boolean' } },
      allowPositionals: true,
      strict: true,
    });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const { values, positionals } = parsed;
  if (name === 'backup') {
    if (positionals.length > 0 || values.force) throw new UsageError('backup takes only --out FILE');
    return { name, out: values.out ? resolve(cwd, values.out) : defaultBackupPath() };
  }
  if (name === 'restore') {
    if (values.out) throw new UsageError('restore takes the archive and --force, not --out');
    if (positionals.length !== 1 || !positionals[0]) throw new UsageError('restore needs exactly one archive file');
    return { name, archive: resolve(cwd, positionals[0]), force: values.force ?? false };
  }
  throw new UsageError(`unknown command ${name ?? '(none)'}`);
}
