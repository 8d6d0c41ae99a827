import { createRequire } from 'node:module';
import type Proj4 from 'proj4';

// Required, not imported: Node's ESM loader scans a CommonJS package's whole source for its export
// names before running it (cjs-module-lexer), a tenth of an import's start-up (docs/performance.md "Import
// against GDAL"). The renderer's build swaps this file for proj4-library.browser.ts (a browser
// has no `node:module`; renderer/vite.config.ts).
export const proj4 = createRequire(import.meta.url)('proj4') as typeof Proj4;
