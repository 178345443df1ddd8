import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';

/**
 * The secret kept in `file`, created with `generated` if there is none. App copies starting on one
 * data folder at once all get the first copy's secret, and none reads it half-written: a file made
 * by an exclusive create exists before its bytes do, and a copy that read it in between failed to
 * start. The secret is written whole under a name of its own (mode 0600), then hard-linked to
 * `file`, which fails if another copy's secret is already there; that one is read instead. Where
 * the file system has no hard links, an exclusive create is the fallback. (`link` is for tests.)
 */
export async function secretFileOnce(
  file: string,
  generated: string,
  link: (existing: string, name: string) => Promise<void> = fs.link,
): Promise<string> {
  const written = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
  await fs.writeFile(written, generated, { mode: 0o600, flag: 'wx' });
  try {
    await link(written, file);
    return generated;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      // A file system without hard links (some network shares): the exclusive create alone.
      const created = await fs.writeFile(file, generated, { mode: 0o600, flag: 'wx' }).then(
        () => true,
        (createError: NodeJS.ErrnoException) => {
          if (createError.code !== 'EEXIST') throw createError;
          return false;
        },
      );
      if (created) return generated;
    }
    // Another copy's secret is there: that one is everyone's.
    return (await fs.readFile(file, 'utf8')).trim();
  } finally {
    await fs.rm(written, { force: true });
  }
}
