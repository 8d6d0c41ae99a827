// Lint with the layer rules of DESIGN.md: the floors of the boundaries plugin (each kind of module
// imports only its own kind and the kinds below it; test/unit/lint/boundaries.test.ts proves they
// fire); renderer/ never imports Node built-ins or core internals (only the shared types in
// core/model and the pure rules named below); core/model stays free of Node imports so both
// sides can share it.
import boundaries from 'eslint-plugin-boundaries';
import tseslint from 'typescript-eslint';
import { fileURLToPath } from 'node:url';

// The floors of the Node side, lowest first: a file may import its own floor's kind and any kind
// on a floor below, never one above (issue #39). The HTTP API is a face the CLI and the desktop
// app host (`serve`, the browser fallback), so it sits one floor below them.
const CORE_FLOORS = [
  [{ type: 'model', pattern: 'core/model/**' }],
  [{ type: 'support', pattern: 'core/{app-files,core-worker,file-checks,input,process-alive,turn-queue}.ts' }],
  [{ type: 'geo', pattern: 'core/geo/**' }],
  [
    { type: 'formats', pattern: 'core/formats/**' },
    { type: 'export', pattern: 'core/export/**' },
    { type: 'address', pattern: 'core/address/**' },
    { type: 'upstream', pattern: 'core/upstream/**' },
  ],
  [{ type: 'store', pattern: 'core/store/**' }],
  [{ type: 'countries', pattern: 'core/countries/**' }],
  ['analysis', 'offline', 'batch', 'report', 'auth', 'map', 'status'].map((type) => ({ type, pattern: `core/${type}/**` })),
  [
    { type: 'service', pattern: 'core/{service,near-references,files-thread,files-thread-worker,sources-from-env}.ts' },
    { type: 'desktop', pattern: 'core/desktop/**' },
  ],
  [{ type: 'api', pattern: 'core/api/**' }],
  [
    { type: 'cli', pattern: 'cli/**' },
    { type: 'electron', pattern: 'electron/**' },
  ],
];
// The renderer: main.tsx mounts app/, app/ mounts the features, and features share ui/ (shared
// components and hooks) and the plain modules below it; nothing imports app/ back.
const RENDERER_ELEMENTS = [
  { type: 'renderer-root', pattern: 'renderer/*.{ts,tsx}' },
  { type: 'renderer-app', pattern: 'renderer/app/**' },
  // The error banner and its texts are shared the same way as the dialog that shows them.
  { type: 'renderer-ui', pattern: 'renderer/{ui,errors}/**' },
  { type: 'renderer-shared', pattern: 'renderer/{client,state,i18n,geo}/**' },
  { type: 'renderer-feature', pattern: 'renderer/*/**' },
];
// What the renderer may take from the core (narrowed further by no-restricted-imports below).
const CORE_FOR_RENDERER = ['model', 'countries'];

const coreRules = CORE_FLOORS.flatMap((floor, level) =>
  floor.map(({ type }) => ({
    from: type,
    allow: [
      type,
      ...CORE_FLOORS.slice(0, level)
        .flat()
        .map((below) => below.type),
    ],
  })),
);
const rendererRules = [
  { from: 'renderer-root', allow: ['renderer-app', 'renderer-ui', 'renderer-shared', 'renderer-feature', ...CORE_FOR_RENDERER] },
  { from: 'renderer-app', allow: ['renderer-app', 'renderer-ui', 'renderer-shared', 'renderer-feature', ...CORE_FOR_RENDERER] },
  { from: 'renderer-feature', allow: ['renderer-feature', 'renderer-ui', 'renderer-shared', ...CORE_FOR_RENDERER] },
  { from: 'renderer-ui', allow: ['renderer-ui', 'renderer-shared', ...CORE_FOR_RENDERER] },
  { from: 'renderer-shared', allow: ['renderer-shared', ...CORE_FOR_RENDERER] },
];

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
    files: ['core/**/*.ts', 'cli/**/*.ts', 'electron/**/*.{ts,cts}', 'renderer/**/*.{ts,tsx}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { [fileURLToPath(new URL('./scripts/eslint-typescript-resolver.cjs', import.meta.url))]: {} },
      'boundaries/include': ['core/**', 'cli/**', 'electron/**', 'renderer/**'],
      'boundaries/elements': [...CORE_FLOORS.flat(), ...RENDERER_ELEMENTS].map((element) => ({ ...element, mode: 'full' })),
    },
    rules: {
      'boundaries/element-types': ['error', { default: 'disallow', rules: [...coreRules, ...rendererRules] }],
      // Every source file is on a floor: a new folder must be placed before it lints.
      'boundaries/no-unknown-files': 'error',
    },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/electron/**', '**/renderer/**', '**/cli/**', 'electron'],
              message: 'core/ must not import the faces (cli/, electron/, renderer/; DESIGN.md layers).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['core/model/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...nodeBuiltins, '../*', '!../model/*'], message: 'core/model is shared with the renderer: no Node imports, no core internals.' },
          ],
        },
      ],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: ['renderer/vite.config.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: nodeBuiltins, message: 'renderer/ runs in the browser: no Node modules.' },
            // Besides core/model, the pure reference rules of a country (no I/O; one rule in one place: the search box checks
            // control letters with the same code the service validates with), and the pure table of official viewer links
            // (the parcel panel and the report build "Open in the official viewer" with one rule), and the pure reading of
            // Spanish rustic land as typed ("pol 4 par 30, Melque de Cercos (Segovia)": the search box reads it with Spain's
            // address grammar and place rules, no second tokenizer).
            {
              regex: String.raw`(^|/)core/(?!model(/|$)|countries/[a-z]{2}/reference\.js$|countries/official-viewers\.js$|countries/es/rustic-text\.js$)`,
              message:
                'renderer/ may import only core/model (shared types), core/countries/*/reference.js, core/countries/es/rustic-text.js and core/countries/official-viewers.js; talk to the core through CatastroClient.',
            },
            { group: ['**/electron/**'], message: 'renderer/ must not import electron/.' },
          ],
        },
      ],
    },
  },
);
