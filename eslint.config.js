// Lint with the layer rule of DESIGN.md: core/ never imports electron/ or renderer/; renderer/
// never imports Node built-ins or core internals (only the shared types in core/model);
// core/model stays free of Node imports so both sides can share it.
import tseslint from 'typescript-eslint';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'zlib', 'crypto', 'better-sqlite3', 'electron'];

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'release/**', 'test-results/**', 'playwright-report/**', '.scratch/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: ['**/electron/**', '**/renderer/**', '**/cli/**', 'electron'], message: 'core/ must not import the faces (cli/, electron/, renderer/; DESIGN.md layers).' }],
      }],
    },
  },
  {
    files: ['core/model/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ group: [...nodeBuiltins, '../*', '!../model/*'], message: 'core/model is shared with the renderer: no Node imports, no core internals.' }],
      }],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [
          { group: nodeBuiltins, message: 'renderer/ runs in the browser: no Node modules.' },
          // Besides core/model, the pure reference rules of a country (no I/O; one rule in one place: the search box checks
          // control letters with the same code the service validates with), and the pure table of official viewer links
          // (the parcel panel and the report build "Open in the official viewer" with one rule), and the pure reading of
          // Spanish rustic land as typed ("pol 4 par 30, Melque de Cercos (Segovia)": the search box reads it with Spain's
          // address grammar and place rules, no second tokenizer).
          { regex: String.raw`(^|/)core/(?!model(/|$)|countries/[a-z]{2}/reference\.js$|countries/official-viewers\.js$|countries/es/rustic-text\.js$)`, message: 'renderer/ may import only core/model (shared types), core/countries/*/reference.js, core/countries/es/rustic-text.js and core/countries/official-viewers.js; talk to the core through CatastroClient.' },
          { group: ['**/electron/**'], message: 'renderer/ must not import electron/.' },
        ],
      }],
    },
  },
);
