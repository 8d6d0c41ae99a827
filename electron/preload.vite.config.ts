import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The sandboxed preload as one CommonJS script: Electron's sandbox lets it require only
// 'electron', so the operation table it imports (core/model/operations.ts) is bundled in.
// Written beside main.js by `npm run build:app`, after tsc (tsconfig.build.json leaves the preload out).
export default defineConfig({
  logLevel: 'warn',
  build: {
    lib: { entry: fileURLToPath(new URL('preload.ts', import.meta.url)), formats: ['cjs'], fileName: () => 'preload.cjs' },
    outDir: fileURLToPath(new URL('../dist/app/electron', import.meta.url)),
    emptyOutDir: false,
    minify: false,
    sourcemap: true,
    target: 'chrome130',
    rollupOptions: { external: ['electron'] },
  },
});
