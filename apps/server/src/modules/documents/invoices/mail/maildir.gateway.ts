import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** One message waiting in the mailbox, claimed by whoever took it. */
export interface MailboxMessage {
  /** Its name in the mailbox, unique there. */
  name: string;
  size: number;
  read(): Promise<Buffer>;
  /** Marks it handled: it is not offered again. */
  done(): Promise<void>;
}

/** Where the wallets' mail arrives: a mail server's delivery, or the built-in simulated server's. */
export interface WalletMailbox {
  /** The messages delivered and not yet handled, each claimed for the caller (another reader does not get it). */
  take(): Promise<MailboxMessage[]>;
  /** Delivers a message, as the mail server does; the simulated server's way in. */
  deliver(raw: Buffer): Promise<void>;
}

/**
 * A Maildir (the layout Postfix, Exim and Dovecot deliver to): a message is written to `tmp/` and renamed into `new/`
 * once whole. Taking one renames it to `cur/` with no flags (claimed: a rename succeeds for one reader only); once
 * handled it gets the Seen flag (`:2,S`). A claimed message left unseen by a reader that died is offered again after
 * ten minutes.
 */
export function maildir(dir: string): WalletMailbox {
  const folders = async () => {
    await Promise.all(['tmp', 'new', 'cur'].map((f) => mkdir(join(dir, f), { recursive: true })));
  };
  let deliveries = 0;
  const message = (name: string, path: string, size: number): MailboxMessage => ({
    name,
    size,
    read: () => readFile(path),
    done: () => rename(path, join(dir, 'cur', `${name}:2,S`)),
  });
  return {
    async take() {
      await folders();
      const taken: MailboxMessage[] = [];
      for (const name of (await readdir(join(dir, 'new'))).sort()) {
        if (name.startsWith('.')) continue;
        const base = name.split(':')[0]!;
        const claimed = join(dir, 'cur', `${base}:2,`);
        try {
          await rename(join(dir, 'new', name), claimed);
        } catch {
          continue; // Another reader took it.
        }
        taken.push(message(base, claimed, (await stat(claimed)).size));
      }
      const stale = Date.now() - 10 * 60_000;
      for (const name of (await readdir(join(dir, 'cur'))).sort()) {
        if (!name.endsWith(':2,')) continue;
        const path = join(dir, 'cur', name);
        const s = await stat(path).catch(() => undefined);
        if (!s || s.mtimeMs > stale || taken.some((m) => `${m.name}:2,` === name)) continue;
        taken.push(message(name.slice(0, -3), path, s.size));
      }
      return taken;
    },
    async deliver(raw) {
      await folders();
      // Maildir's unique name: time, a per-process part and the host.
      const name = `${Date.now()}.P${process.pid}Q${++deliveries}R${randomBytes(4).toString('hex')}.${hostname().replace(/[/:]/g, '_')}`;
      await writeFile(join(dir, 'tmp', name), raw);
      await rename(join(dir, 'tmp', name), join(dir, 'new', name));
    },
  };
}
