import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8000}`;

const EARLY_START = 'src/web/early-start.ts';

/**
 * src/web/early-start.ts as its own small file, bundled alone (no chunk shared with the app, so
 * nothing to wait for), placed first and async: it runs as soon as it has arrived, while the
 * app's bundle and style sheet are still loading (a deferred module script waits for both).
 */
function earlyStart(): Plugin {
  let fileName = '';
  return {
    name: 'replen-early-start',
    async buildStart() {
      if (this.meta.watchMode) return;
      const result = await esbuild({
        entryPoints: [EARLY_START],
        bundle: true,
        format: 'esm',
        minify: true,
        target: 'es2022',
        write: false,
      });
      const source = result.outputFiles[0]!.text;
      fileName = `assets/early-start-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
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

// `npm run dev`: Vite serves the SPA with hot reload and forwards API calls to the app.
export default defineConfig({
  plugins: [react(), earlyStart()],
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
