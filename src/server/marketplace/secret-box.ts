import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { secretFileOnce } from '../secret-file';

// DESIGN 11: the seller's SP-API secrets are sealed with AES-256-GCM before they reach the
// database. A sealed value reads `v1.<iv>.<tag>.<ciphertext>` (base64url); the account id is
// bound as associated data, so a sealed value copied to another account's row does not open.

const KEY_BYTES = 32;
const IV_BYTES = 12;
const KEY_FILE = 'secret-key';

export type SecretBox = {
  seal: (plain: string, accountId: string) => string;
  open: (sealed: string, accountId: string) => string;
};

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error(`The secret key must be ${KEY_BYTES} bytes`);
  return {
    seal(plain, accountId) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(accountId));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return `v1.${parts.join('.')}`;
    },
    open(sealed, accountId) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(accountId));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** SECRET_KEY (32 bytes as 64 hex digits or base64), or one generated once in the data folder (0600). */
export async function loadSecretKey(configured: string | undefined, dataDir: string): Promise<Buffer> {
  if (configured !== undefined) return parseSecretKey(configured);
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, KEY_FILE);
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing) return parseSecretKey(existing.trim());
  return parseSecretKey(await secretFileOnce(file, randomBytes(KEY_BYTES).toString('base64')));
}

export function parseSecretKey(text: string): Buffer {
  const key = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new Error('SECRET_KEY must be 32 bytes: 64 hex digits or base64');
  return key;
}
