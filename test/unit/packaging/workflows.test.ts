// The GitHub Actions workflows (.github/workflows): valid by the workflow schema (action-validator,
// offline, in WebAssembly), CI running .ci/run's install, test and production-check commands on
// every system, and the release building each system's installers that electron-builder.yml names.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { validateWorkflow } from '@action-validator/core';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../helpers/paths.js';

const workflowsDir = path.join(repoRoot, '.github/workflows');
const workflowFiles = readdirSync(workflowsDir).filter((name) => /\.ya?ml$/.test(name));
const read = (name: string) => readFileSync(path.join(workflowsDir, name), 'utf8');

interface Step {
  run?: string;
  uses?: string;
  if?: string;
}
interface Job {
  steps: Step[];
  strategy?: { matrix: { os?: string[]; include?: { os: string; targets: string }[] } };
  'runs-on': string;
  container?: string;
}
const jobsOf = (name: string) => (parse(read(name)) as { jobs: Record<string, Job> }).jobs;

/** A job's shell commands, one per line, without the display wrapper Linux needs for Electron. */
const commandsOf = (job: Job) =>
  job.steps
    .flatMap((step) => (step.run ?? '').split('\n'))
    .map((line) => line.trim().replace(/^xvfb-run -a /, ''))
    .filter(Boolean);

/** .ci/run's commands after its package checks: install, test, production check. */
const ciRunCommands = readFileSync(path.join(repoRoot, '.ci/run'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => /^(npm |bash scripts\/)/.test(line));
/** The Debian packages .ci/run installs where they are missing. */
const ciRunPackages = [...readFileSync(path.join(repoRoot, '.ci/run'), 'utf8').matchAll(/missing\+=\(([\w.-]+)\)/g)].map((match) => match[1]);

describe('GitHub workflows', () => {
  it('are the CI and release workflows', () => {
    expect(workflowFiles.sort()).toEqual(['ci.yml', 'release.yml']);
  });

  for (const name of workflowFiles) {
    it(`${name} is valid by the workflow schema`, () => {
      expect(validateWorkflow(read(name)).errors).toEqual([]);
    });
  }

  it('the validator does refuse a broken workflow (so a pass above means something)', () => {
    const broken = read('ci.yml').replace('runs-on: ubuntu-latest', 'runs_on: ubuntu-latest').replace(/^on:/m, 'onn:');
    expect(validateWorkflow(broken).errors.length).toBeGreaterThan(0);
  });

  it("CI runs .ci/run's commands in its order on Linux, Windows and macOS", () => {
    expect(ciRunCommands).toEqual(['npm ci', 'npm test', 'bash scripts/check-production-install.sh']);
    const jobs = jobsOf('ci.yml');
    const systems = Object.values(jobs).flatMap((job) => job.strategy?.matrix.os ?? [job['runs-on']]);
    expect(new Set(systems)).toEqual(new Set(['ubuntu-latest', 'windows-latest', 'macos-latest']));
    for (const job of Object.values(jobs)) {
      const commands = commandsOf(job).filter((command) => ciRunCommands.includes(command));
      expect(commands).toEqual(ciRunCommands);
    }
    // Linux installs what .ci/run installs, in the same Debian release (postgresql-15-postgis-3).
    expect(jobs.linux.container).toMatch(/bookworm/);
    const aptLine = commandsOf(jobs.linux).join(' ');
    for (const pkg of ciRunPackages) expect(aptLine).toContain(` ${pkg} `);
    // The Electron launch test runs: the binary is fetched, and Linux gives it a display.
    for (const job of Object.values(jobs)) expect(commandsOf(job)).toContain('node node_modules/electron/install.js');
    expect(jobs.linux.steps.some((step) => step.run?.startsWith('xvfb-run -a npm test'))).toBe(true);
  });

  it("the release builds on a version tag each system's installers named in electron-builder.yml", () => {
    const release = parse(read('release.yml')) as { on: { push: { tags: string[] } }; jobs: Record<string, Job> };
    expect(release.on.push.tags).toEqual(['v*']);
    const builder = parse(readFileSync(path.join(repoRoot, 'electron-builder.yml'), 'utf8')) as Record<'linux' | 'win' | 'mac', { target: string[] }> & {
      publish: { provider: string };
    };
    const matrix = release.jobs.installers.strategy!.matrix.include!;
    const targetsOn = (os: string) => matrix.find((entry) => entry.os === os)?.targets;
    expect(targetsOn('ubuntu-latest')).toBe(`--linux ${builder.linux.target.join(' ')}`);
    expect(targetsOn('windows-latest')).toBe(`--win ${builder.win.target.join(' ')}`);
    expect(targetsOn('macos-latest')).toBe(`--mac ${builder.mac.target.join(' ')}`);
    expect(builder.publish.provider).toBe('github');
    const commands = commandsOf(release.jobs.installers);
    expect(commands).toContain('npm ci');
    expect(commands).toContain('npx electron-builder install-app-deps'); // better-sqlite3 for Electron's ABI
    expect(commands.join('\n')).toMatch(/shasum -a 256/);
    expect(commands.join('\n')).toMatch(/cyclonedx-npm/);
    expect(commandsOf(release.jobs.publish).join('\n')).toMatch(/^gh release create/m);
  });
});
