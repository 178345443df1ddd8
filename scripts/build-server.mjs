// The server as plain JavaScript for `npm start`: no TypeScript loader at run time (faster start,
// less memory, and the process npm starts is the app itself, which receives the signals).
// One bundle with our code; packages stay in node_modules. The spreadsheet worker is its own
// entry beside it (buy-list/xlsx.ts loads ./xlsx-worker.js when compiled), and the migrations
// are copied next to the bundle, where db/migrate.ts looks for them.
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const OUT_DIR = 'dist/server';

rmSync(OUT_DIR, { recursive: true, force: true });
await build({
  entryPoints: ['src/server/main.ts', 'src/server/buy-list/xlsx-worker.ts'],
  entryNames: '[name]',
  outdir: OUT_DIR,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
cpSync('src/server/db/migrations', `${OUT_DIR}/migrations`, { recursive: true });
