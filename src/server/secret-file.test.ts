import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { secretFileOnce } from './secret-file';

describe('a secret generated once in the data folder', () => {
  it('is the first one written for every copy that starts at the same moment, and kept alone with mode 0600', async () => {
    for (let attempt = 0; attempt < 40; attempt++) {
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-secret-'));
      try {
        const file = path.join(dir, 'secret');
        const secrets = await Promise.all(
          ['one', 'two', 'three', 'four'].map((s) => secretFileOnce(file, s)),
        );
        expect(new Set(secrets).size).toBe(1);
        expect(await fs.readFile(file, 'utf8')).toBe(secrets[0]);
        expect(await fs.readdir(dir)).toEqual(['secret']);
        expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
        // Later starts read it.
        expect(await secretFileOnce(file, 'five')).toBe(secrets[0]);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    }
  });

  it('is written by an exclusive create where the file system has no hard links', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'replen-secret-'));
    try {
      const file = path.join(dir, 'secret');
      const noLinks = async () => {
        throw Object.assign(new Error('hard links are not supported'), { code: 'EPERM' });
      };
      expect(await secretFileOnce(file, 'first', noLinks)).toBe('first');
      expect(await secretFileOnce(file, 'second', noLinks)).toBe('first');
      expect(await fs.readdir(dir)).toEqual(['secret']);
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
