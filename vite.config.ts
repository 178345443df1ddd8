import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8000}`;

// `npm run dev`: Vite serves the SPA with hot reload and forwards API calls to the app.
export default defineConfig({
  plugins: [react()],
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
