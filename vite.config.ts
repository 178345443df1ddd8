import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip, constants as zlibConstants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin, type Rolldown } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8000}`;

const EARLY_START = 'src/web/early-start.ts';

/** The modules of the restock page's lazy routes, whose files the early-start file preloads. */
const RESTOCK_ROUTE = ['src/web/shell/PrivateLayout.tsx', 'src/web/features/restock/RestockPage.tsx'];

/** Each file `chunk` needs (its imports and style sheets, recursively), `chunk` itself first. */
function filesOf(
  chunk: Rolldown.OutputChunk,
  bundle: Rolldown.OutputBundle,
  into = new Set<string>(),
): Set<string> {
  if (into.has(chunk.fileName)) return into;
  into.add(chunk.fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(css);
  for (const file of chunk.imports) {
    const imported = bundle[file];
    if (imported?.type === 'chunk') filesOf(imported, bundle, into);
  }
  return into;
}

/**
 * src/web/early-start.ts as its own small file, bundled alone (no chunk shared with the app, so
 * nothing to wait for), placed first and async: it runs as soon as it has arrived, while the
 * app's bundle and style sheet are still loading (a deferred module script waits for both). It
 * is built once the app's chunks are known, with the restock route's files named in it.
 */
function earlyStart(): Plugin {
  let fileName = '';
  return {
    name: 'replen-early-start',
    generateBundle: {
      // Before Vite writes index.html, which names this file.
      order: 'pre',
      async handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const loadedAnyway = new Set<string>();
        for (const entry of chunks.filter((chunk) => chunk.isEntry)) filesOf(entry, bundle, loadedAnyway);
        const routeFiles = new Set<string>();
        for (const chunk of chunks) {
          const id = chunk.facadeModuleId?.replaceAll('\\', '/') ?? '';
          if (chunk.isDynamicEntry && RESTOCK_ROUTE.some((module) => id.endsWith(module))) {
            filesOf(chunk, bundle, routeFiles);
          }
        }
        const code = [...routeFiles].filter((file) => !loadedAnyway.has(file)).map((file) => `/${file}`);
        if (code.length === 0) this.error("the restock route's chunks were not found");
        const result = await esbuild({
          entryPoints: [EARLY_START],
          bundle: true,
          format: 'esm',
          minify: true,
          target: 'es2022',
          write: false,
          define: { __RESTOCK_CODE__: JSON.stringify(code) },
        });
        const source = result.outputFiles[0]!.text;
        fileName = `assets/early-start-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source });
      },
    },
    transformIndexHtml: (_html, context) => [
      {
        tag: 'script',
        attrs: { type: 'module', async: true, src: context.server ? `/${EARLY_START}` : `/${fileName}` },
        injectTo: 'head-prepend',
      },
    ],
  };
}

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);
/** The built text files given compressed copies. */
const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
// Smaller files would save less than a compressed answer's headers cost.
const MIN_COMPRESSED_BYTES = 1024;

/**
 * Beside each text file of the build, its brotli (`.br`) and gzip (`.gz`) copy, made once at the
 * highest levels; the app serves them to browsers that accept them (`@fastify/static`'s
 * `preCompressed`, web-app.ts), so a deployment without a compressing proxy in front still sends
 * the app's 392 KB script as about 105 KB. Answers of the API are not compressed here (README).
 */
function precompressed(): Plugin {
  let outDir = '';
  return {
    name: 'replen-precompressed',
    apply: 'build',
    configResolved: (config) => {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(outDir, file));
          if (source.length < MIN_COMPRESSED_BYTES) return;
          const brotli = compressBrotli(source, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          });
          const gzipped = compressGzip(source, { level: 9 });
          await writeFile(path.join(outDir, `${file}.br`), await brotli);
          await writeFile(path.join(outDir, `${file}.gz`), await gzipped);
        }),
      );
    },
  };
}

/**
 * Drops the grid library's summary-row rules: `.rdg > :nth-last-child(1 of .rdg-top-summary-row)`
 * and its `:nth-child(1 of .rdg-bottom-summary-row)` twin. A positional rule on the grid's
 * children makes Chromium restyle every row, and every cell in it, whenever a row is added or
 * removed, which scrolling does in each wheel event: it doubled the elements styled per frame
 * (about 550 instead of 280 at 100,000 products). The table has no summary rows.
 */
const withoutSummaryRowRules = {
  postcssPlugin: 'replen-without-summary-row-rules',
  Rule(rule: { selector: string; source?: { input?: { file?: string } }; remove(): void }) {
    const file = rule.source?.input?.file?.replaceAll('\\', '/') ?? '';
    if (file.includes('/react-data-grid/') && /-summary-row\)/.test(rule.selector)) rule.remove();
  },
};

// `npm run dev`: Vite serves the SPA with hot reload and forwards API calls to the app.
export default defineConfig({
  plugins: [react(), earlyStart(), precompressed()],
  css: { postcss: { plugins: [withoutSummaryRowRules] } },
  build: { outDir: 'dist/web', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      // POST /change-password is the API (SPEC 7); GET /change-password is the page.
      '/change-password': {
        target: apiTarget,
        bypass: (request) => (request.method === 'GET' ? request.url : undefined),
      },
    },
  },
});
