import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * `npm start` gives V8 64 MB semi-spaces (the young generation) instead of its default 16 MB: a
 * large import or read allocates hundreds of MB that live to the end of the request, and with
 * the small default most of its time went to copying them between young collections (decision
 * 005). The benches that host the app in their own process must run it the same way, or they
 * measure a server no seller runs. bench:history runs the web's parse on a thread of that
 * process, which the flag would speed up too, so it keeps Node's default.
 *
 * It also turns off V8's allocation-site pretenuring (decision 019): once the app has served a
 * load of any kind, V8 began allocating a request's objects straight in the old generation, and
 * those, dead but uncollected, kept the young objects they point to alive through every young
 * collection (8.5 MB copied each time instead of 1 MB, pauses of 15-25 ms instead of 2-5).
 */

const root = path.resolve(import.meta.dirname, '../..');
const { scripts } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  scripts: Record<string, string>;
};
const SERVER_FLAGS = '--max-semi-space-size=64 --no-allocation-site-pretenuring';

describe('the server runs with a young generation sized for large requests and no pretenuring', () => {
  it('is started by npm start with 64 MB semi-spaces and no pretenuring', () => {
    expect(scripts.start).toContain(`node --enable-source-maps ${SERVER_FLAGS} dist/server/main.js`);
  });

  it.each(['bench:import', 'bench:restock', 'bench:first-rows', 'bench:load', 'bench:history-browser'])(
    'is measured the same way by %s',
    (bench) => {
      expect(scripts[bench]).toMatch(new RegExp(`^node ${SERVER_FLAGS} --import tsx bench/[a-z-]+\\.ts$`));
    },
  );

  it('keeps the default where the bench also runs browser work in its process', () => {
    expect(scripts['bench:history']).not.toContain('semi-space');
  });
});
