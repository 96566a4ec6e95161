import { defineConfig } from 'vite';

// Workspace packages are used from source (the "@dt/source" export condition): no build step
// before the page. Each built-in dataset is its own chunk, fetched only when chosen (adult is the
// largest, 3.5 MB), hence the raised size warning. Relative base, so the built page works from any directory or static host.
const conditions = ['@dt/source', 'module', 'browser', 'import', 'default'];
export default defineConfig({
  base: './',
  resolve: { conditions },
  worker: { format: 'es' },
  build: { target: 'es2022', chunkSizeWarningLimit: 4096 },
});
