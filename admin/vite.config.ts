import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The admin client's own build: Preact through esbuild's JSX transform (no plugin), relative asset
// paths (the service substitutes its `/{name}/` into index.html), no inline scripts (the CSP forbids them).
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  esbuild: { jsx: 'automatic', jsxImportSource: 'preact' },
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    reportCompressedSize: false,
  },
  logLevel: 'warn',
});
