// Types of server-process.mjs for the TypeScript that uses it.
import type { ChildProcess } from 'node:child_process';

export const BUILT_SERVER: string;
export function freePort(): Promise<number>;

export interface SpawnedServer {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** What the process printed and `onLine` did not take (stdout and stderr). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  waitFor(path: string, opts?: { timeoutMs?: number; everyMs?: number }): Promise<number>;
  stop(signal?: NodeJS.Signals, killAfterMs?: number): Promise<number | null>;
}

export function spawnServer(opts: {
  env: Record<string, string | undefined>;
  port?: number;
  /** Each stdout line; answering 'taken' keeps it out of `output()`. */
  onLine?: (line: string) => 'taken' | undefined;
  keepLines?: number;
}): Promise<SpawnedServer>;
