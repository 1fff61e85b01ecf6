// Types of lib.mjs for the TypeScript that uses it (test set-ups that start the built server).
export const ROOT: string;
export function webBuildIsStale(): boolean;
export function serverBuildIsStale(): boolean;
export function buildWebIfStale(): Promise<number>;
export function buildServerIfStale(): Promise<number>;
export function waitUntilReady(opts: {
  port: number | string;
  host?: string;
  exited: Promise<unknown>;
  everyMs?: number;
}): Promise<boolean>;
