import { hash, verify } from '@node-rs/argon2';
import { createSemaphore } from '../http/semaphore';

// The package's Algorithm enum is a const enum that verbatimModuleSyntax cannot read: Argon2id = 2.
const ARGON2ID = 2;

// DESIGN 7: argon2id, m = 19 MiB, t = 2, p = 1 (OWASP).
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

// Each hash takes ~70 ms and 19 MiB: bound them so a login storm keeps memory flat.
const withHashPermit = createSemaphore(4);

export const hashPassword = (password: string) => withHashPermit(() => hash(password, ARGON2_OPTIONS));

// Verifying against this when the email is unknown keeps the answer's timing the same.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  dummyHash ??= hash('not-a-real-password-for-timing', ARGON2_OPTIONS);
  const target = passwordHash ?? (await dummyHash);
  const matches = await withHashPermit(() => verify(target, password).catch(() => false));
  return passwordHash !== null && matches;
}
