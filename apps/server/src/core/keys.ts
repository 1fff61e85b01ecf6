import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CryptoKey, importSPKI } from 'jose';
import type { Config } from './config';

export interface Keys {
  /**
   * HS256 key of the tokens this server issues, imported once: given the raw bytes, each signature check would
   * import them again, a cost every request paid.
   */
  jwtSecret: CryptoKey;
  /** Identity provider's public key for single sign-on; absent while not configured. */
  sso: CryptoKey | undefined;
  amex: CryptoKey | undefined;
}

async function publicKey(file: string): Promise<CryptoKey> {
  return importSPKI(readFileSync(file, 'utf8'), 'RS256');
}

/** The signing secret comes from JWT_SECRET, else from the data folder, where it is generated on first start. */
export async function loadKeys(config: Config, persist: boolean): Promise<Keys> {
  let secret = config.jwtSecret;
  if (!secret && persist) {
    const file = join(config.dataDir, 'jwt-secret');
    if (existsSync(file)) secret = readFileSync(file, 'utf8').trim();
    else {
      mkdirSync(config.dataDir, { recursive: true });
      secret = randomBytes(48).toString('base64url');
      writeFileSync(file, secret, { mode: 0o600 });
    }
  }
  secret ??= randomBytes(48).toString('base64url');
  return {
    jwtSecret: await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    ),
    sso: config.sso ? await publicKey(config.sso.publicKeyFile) : undefined,
    amex: config.amex ? await publicKey(config.amex.publicKeyFile) : undefined,
  };
}
