// Where the running code finds the files it reads besides itself. The same modules run from the
// sources (core/*.ts through tsx), compiled (dist/app/core/*.js) and packaged (inside app.asar),
// so no path counts folders up from a module: the app root is the nearest folder holding the
// project's package.json. Every file read at run time is named here once; the packaging test
// (test/unit/packaging/packaging-config.test.ts) checks electron-builder.yml ships each of them.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_NAME = 'catastro-desktop';

interface Manifest {
  name?: string;
  version: string;
}

function findApp(start: string): { root: string; manifest: Manifest } {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : undefined;
    if (manifest?.name === PACKAGE_NAME) return { root: dir, manifest };
    if (path.dirname(dir) === dir) throw new Error(`no ${PACKAGE_NAME} package.json above ${start}`);
  }
}

const thisModule = fileURLToPath(import.meta.url);
const app = findApp(path.dirname(thisModule));

/** The repository, or the packaged app (its app.asar). */
export const APP_ROOT = app.root;

/** The files the app reads at run time, relative to APP_ROOT (`resources` ships beside the asar when packaged). */
export const RUNTIME_FILES = {
  /** Name and version of the app. */
  manifest: 'package.json',
  /** The built renderer (vite), loaded by the Electron window and served by `catastro serve`. */
  renderer: 'dist/renderer',
  /** The compiled Electron main process and its preload (one tsc build with the core, tsconfig.build.json). */
  electronMain: 'dist/app/electron/main.js',
  /** The bundled sample municipality, imported on first run. */
  resources: 'resources',
} as const;

export const appFile = (name: keyof typeof RUNTIME_FILES) => path.join(APP_ROOT, RUNTIME_FILES[name]);

/** The version users see (About box, `catastro --version`): package.json's, the one source. */
export const APP_VERSION = app.manifest.version;

/**
 * A core module started by file rather than imported (a worker thread's entry), in the form that
 * runs now: the TypeScript source under tsx and vitest, the compiled JavaScript beside this module
 * otherwise (dist/app/core, shipped with the rest of the build). `name` is its path under core/.
 */
export const coreModuleFile = (name: string) => path.join(path.dirname(thisModule), `${name}${path.extname(thisModule)}`);
