import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSecretBox, loadSecretKey } from './secret-box';

describe('the secret box', () => {
  it('seals with a fresh IV each time and opens only for the same account', async () => {
    const box = createSecretBox(Buffer.alloc(32, 7));
    const a = box.seal('Atzr|secret-token', 'account-a');
    expect(a).not.toContain('secret-token');
    expect(box.seal('Atzr|secret-token', 'account-a')).not.toBe(a);
    expect(box.open(a, 'account-a')).toBe('Atzr|secret-token');
    expect(() => box.open(a, 'account-b')).toThrow();
    expect(() => createSecretBox(Buffer.alloc(32, 8)).open(a, 'account-a')).toThrow();
  });

  it('generates the key once in the data folder, readable by the owner only', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-key-'));
    try {
      const first = await loadSecretKey(undefined, dir);
      const again = await loadSecretKey(undefined, dir);
      expect(again.equals(first)).toBe(true);
      const stat = await fs.stat(path.join(dir, 'secret-key'));
      expect(stat.mode & 0o777).toBe(0o600);
      expect((await loadSecretKey('ab'.repeat(32), dir)).equals(Buffer.alloc(32, 0xab))).toBe(true);
      await expect(loadSecretKey('short', dir)).rejects.toThrow(/SECRET_KEY must be 32 bytes/);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
