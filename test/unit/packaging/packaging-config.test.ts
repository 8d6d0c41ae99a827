// The packaging checks this machine can run without the Electron binary: electron-builder's own
// validation of electron-builder.yml and package.json, and the files list against what the
// compiled code reads at run time (core/app-files.ts RUNTIME_FILES).
import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUNTIME_FILES } from '../../../core/app-files.js';
import { repoRoot } from '../../helpers/paths.js';

// electron-builder's library and its matcher, resolved from electron-builder itself (not our deps).
const builderRequire = createRequire(createRequire(import.meta.url).resolve('electron-builder'));
const libRequire = createRequire(builderRequire.resolve('app-builder-lib'));
const { getConfig, validateConfiguration } = libRequire('app-builder-lib/out/util/config/config.js') as {
  getConfig: (projectDir: string, configPath: string | null, configFromOptions: unknown) => Promise<BuilderConfig>;
  validateConfiguration: (config: BuilderConfig, debugLogger: { isEnabled: boolean }) => Promise<void>;
};
const { checkMetadata } = libRequire('app-builder-lib/out/util/packageMetadata.js') as {
  checkMetadata: (metadata: unknown, devMetadata: unknown, appPackageFile: string, devAppPackageFile: string) => void;
};
const { computeElectronVersion } = libRequire('app-builder-lib/out/electron/electronVersion.js') as {
  computeElectronVersion: (projectDir: string) => Promise<string>;
};
const { Minimatch } = libRequire('minimatch') as {
  Minimatch: new (pattern: string, options: { dot: boolean }) => { match: (file: string) => boolean; negate: boolean };
};

interface BuilderConfig {
  /** As electron-builder normalises them: sets of patterns. */
  files?: Array<string | { filter?: string[] }>;
  extraResources?: Array<{ from: string; to: string; filter?: string[] }>;
  extraMetadata?: { main?: string };
}

const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { main: string; dependencies: Record<string, string> };
const loadConfig = () => getConfig(repoRoot, path.join(repoRoot, 'electron-builder.yml'), null);

/**
 * Whether electron-builder's `files` patterns (last match wins, `!` excludes) take a path of the
 * app. The production node_modules are copied unless a pattern excludes them.
 */
function shippedByFiles(config: BuilderConfig, file: string): boolean {
  let taken = file.startsWith('node_modules/');
  const patterns = (config.files ?? []).flatMap((set) => (typeof set === 'string' ? [set] : (set.filter ?? [])));
  for (const pattern of patterns) {
    const matcher = new Minimatch(pattern, { dot: true });
    if (matcher.negate ? !matcher.match(file) : matcher.match(file)) taken = !matcher.negate;
  }
  return taken;
}

/** A file that stands for a RUNTIME_FILES entry: the file itself, or one inside that folder. */
const probeFileOf = (entry: string) => (path.extname(entry) ? entry : `${entry}/index.html`);

describe('packaging (electron-builder, without the Electron binary)', () => {
  it("electron-builder.yml passes electron-builder's schema validation", async () => {
    const config = await loadConfig();
    await expect(validateConfiguration(config, { isEnabled: false })).resolves.toBeUndefined();
  });

  it("package.json passes electron-builder's metadata checks (no electron in dependencies, name, version)", () => {
    expect(() => checkMetadata(manifest, manifest, 'package.json', 'package.json')).not.toThrow();
  });

  it('electron-builder finds a fixed Electron version to package', async () => {
    expect(await computeElectronVersion(repoRoot)).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('ships the compiled main process package.json names, and every file the running code reads', async () => {
    const config = await loadConfig();
    expect(manifest.main).toBe(RUNTIME_FILES.electronMain);
    expect(config.extraMetadata?.main ?? manifest.main).toBe(RUNTIME_FILES.electronMain);
    for (const [name, entry] of Object.entries(RUNTIME_FILES)) {
      if (name === 'resources') {
        // Read beside the asar (process.resourcesPath/resources), so an extra resource.
        expect(config.extraResources, 'resources ship as extraResources').toContainEqual(expect.objectContaining({ from: entry, to: entry }));
        continue;
      }
      const file = probeFileOf(entry);
      expect(shippedByFiles(config, file), `${name}: ${file} is not in electron-builder.yml files`).toBe(true);
    }
    expect(shippedByFiles(config, 'dist/app/electron/preload.cjs')).toBe(true);
    expect(shippedByFiles(config, 'dist/app/cli/main.js.map')).toBe(false);
  });

  it('keeps every production dependency in the package (only tsx, the source runner, is left out)', async () => {
    const config = await loadConfig();
    const left = Object.keys(manifest.dependencies).filter((dep) => !shippedByFiles(config, `node_modules/${dep}/package.json`));
    expect(left).toEqual(['tsx']);
  });

  it("the running code finds its files through core/app-files.ts or in production dependencies (a path from a module's own location would escape the files check)", () => {
    // Files that locate something from their own module URL, each for a reason that is not a shipped file:
    // app-files.ts (the root), start.ts and electron-binary.ts (launch Electron from a checkout, never
    // packaged: they find the electron package), electron/main.ts (the preload, compiled beside it into dist/app),
    // electron/preload.vite.config.ts (vite's build configuration of the preload: run at build time, never shipped).
    // A file read out of a package (createRequire(import.meta.url)('pkg/file.json'), or its path from
    // createRequire(import.meta.url).resolve('pkg/file.json')) ships when the package is a production dependency.
    const allowed = new Set(['core/app-files.ts', 'cli/start.ts', 'cli/electron-binary.ts', 'electron/main.ts', 'electron/preload.vite.config.ts']);
    const users: string[] = [];
    const packageFiles: string[] = [];
    for (const dir of ['cli', 'core', 'electron']) {
      for (const entry of readdirSync(path.join(repoRoot, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !/\.c?ts$/.test(entry.name)) continue;
        const file = path.relative(repoRoot, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        let source = readFileSync(path.join(repoRoot, file), 'utf8');
        source = source.replace(/createRequire\(import\.meta\.url\)(?:\.resolve)?\(\s*'([^']+)'\s*\)/g, (_call, specifier: string) => {
          packageFiles.push(specifier);
          return '';
        });
        if (/import\.meta\.(url|dirname|filename)|__dirname|__filename|process\.cwd\(\)/.test(source)) users.push(file);
      }
    }
    expect(users.filter((file) => !allowed.has(file))).toEqual([]);
    const packageOf = (specifier: string) =>
      specifier
        .split('/')
        .slice(0, specifier.startsWith('@') ? 2 : 1)
        .join('/');
    expect(packageFiles.map(packageOf).filter((name) => !(name in manifest.dependencies))).toEqual([]);
  });
});
