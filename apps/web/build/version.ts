import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

const pad = (n: number) => String(n).padStart(2, '0');

/** Build timestamp yyyyMMddHHmmss (UTC, so every machine computes the same string for the same instant). */
export function buildStamp(at: Date): string {
  return (
    `${at.getUTCFullYear()}${pad(at.getUTCMonth() + 1)}${pad(at.getUTCDate())}` +
    `${pad(at.getUTCHours())}${pad(at.getUTCMinutes())}${pad(at.getUTCSeconds())}`
  );
}

/** `<root package.json version>+<timestamp>`: the same string goes into the bundle and into dist/version.json. */
export function appVersion(rootDir: string, at = new Date()): string {
  const pkg = JSON.parse(readFileSync(resolve(rootDir, 'package.json'), 'utf8')) as { version?: string };
  return `${pkg.version ?? '0.0.0'}+${buildStamp(at)}`;
}

/** Writes dist/version.json, which the server reads to send X-App-Version. */
export function versionFile(version: string): Plugin {
  return {
    name: 'ems-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ version }, null, 2)}\n` });
    },
  };
}
