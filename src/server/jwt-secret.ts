import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { secretFileOnce } from './secret-file';

const MIN_SECRET_BYTES = 32;

/** DESIGN 7: JWT_SECRET, or one generated once and kept in the data folder with mode 0600. */
export async function loadJwtSecret(configured: string | undefined, dataDir: string): Promise<Uint8Array> {
  if (configured !== undefined) {
    const bytes = new TextEncoder().encode(configured);
    if (bytes.length < MIN_SECRET_BYTES)
      throw new Error(`JWT_SECRET must be at least ${MIN_SECRET_BYTES} bytes`);
    return bytes;
  }
  await fs.mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'jwt-secret');
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing && existing.trim().length >= MIN_SECRET_BYTES)
    return new TextEncoder().encode(existing.trim());
  // An unusable secret (too short) is replaced; copies starting together keep one (secretFileOnce).
  if (existing !== null) await fs.rm(file, { force: true });
  const secret = await secretFileOnce(file, randomBytes(48).toString('base64url'));
  if (secret.length < MIN_SECRET_BYTES) throw new Error(`The JWT secret in ${file} is too short`);
  return new TextEncoder().encode(secret);
}
