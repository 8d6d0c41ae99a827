import { execFile, execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { NATIONAL_BULK_FORMATS } from '../../../core/countries/import-formats.js';
import type { NationalBulkKind } from '../../../core/model/index.js';

const run = promisify(execFile);
const cli = path.resolve('bin/catastro.js');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-cli-options-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs the CLI as a user would; never resolves to a hang (the timeout kills it). */
async function catastro(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await run(process.execPath, [cli, ...args], { timeout: 30_000 });
    return { code: 0, stderr };
  } catch (error) {
    const failed = error as { code?: number; stderr?: string; killed?: boolean };
    if (failed.killed) throw new Error(`catastro ${args.join(' ')} did not end (killed after 30 s)`);
    return { code: failed.code ?? -1, stderr: failed.stderr ?? '' };
  }
}

// Each bad value used to start the server and then die with a stack trace (port, free tier,
// status interval) or, for --workers, run one process as if the option were absent.
describe('numeric options are checked before anything starts', () => {
  const cases: [string, string[], string][] = [
    ['serve --port 99999', ['serve', '--port', '99999'], '--port'],
    ['serve --port abc', ['serve', '--port', 'abc'], '--port'],
    ['serve --workers abc', ['serve', '--port', '0', '--workers', 'abc'], '--workers'],
    ['serve --workers 0', ['serve', '--port', '0', '--workers', '0'], '--workers'],
    ['serve --status-interval -1', ['serve', '--port', '0', '--status-interval', '-1'], '--status-interval'],
    ['serve --free-per-ip x', ['serve', '--port', '0', '--free-per-ip', 'x'], '--free-per-ip'],
    ['start --port -5', ['start', '--port', '-5'], '--port'],
  ];
  it.each(cases)('%s: one-line message naming the option, exit 1, no stack trace', async (_name, args, option) => {
    const { code, stderr } = await catastro(...args, '--data', dataDir);
    expect(code).toBe(1);
    expect(stderr).toContain(option);
    expect(stderr).toMatch(/^VALIDATION_ERROR: Option '--[a-z-]+ <[a-z]+>' argument '[^']*' is invalid\./);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(stderr.trim().split('\n')).toHaveLength(1);
  });

  it('an unknown command or option is refused as every refusal is, led by the code', async () => {
    expect(await catastro('lst')).toEqual({ code: 1, stderr: "VALIDATION_ERROR: Unknown command 'lst'.\n" });
    const unknownOption = await catastro('import', '--colour', 'x.gml');
    expect(unknownOption.code).toBe(1);
    expect(unknownOption.stderr).toMatch(/^VALIDATION_ERROR: Unknown option '--colour'\.\n$/);
  });

  it('batch --concurrency abc and --pace -1 are refused before any row is asked, no output written', async () => {
    const input = path.join(dataDir, 'refs.csv');
    writeFileSync(input, 'refcat\n9398516VK3799G\n');
    for (const args of [
      ['--concurrency', 'abc'],
      ['--concurrency', '-2'],
      ['--pace', '-1'],
    ]) {
      const { code, stderr } = await catastro('batch', input, '-o', path.join(dataDir, 'out.csv'), ...args, '--data', dataDir);
      expect(code).toBe(1);
      expect(stderr).toContain(args[0]);
      expect(stderr).toMatch(/^VALIDATION_ERROR: /);
      expect(stderr).not.toMatch(/\n\s+at /);
    }
    expect(readdirSync(dataDir).filter((name) => name.startsWith('out'))).toEqual([]);
  });
});

describe('--store and --expires are checked before anything starts', () => {
  it('a --store that is not a postgres:// URL is refused (it ran on the SQLite copy without a word)', async () => {
    for (const args of [
      ['serve', '--port', '0'],
      ['keys', 'list'],
      ['import', 'missing.gml'],
    ]) {
      const { code, stderr } = await catastro(...args, '--store', 'notaurl', '--data', dataDir);
      expect(code, stderr).toBe(1);
      expect(stderr.trim().split('\n'), stderr).toEqual([expect.stringMatching(/option '--store <url>' argument 'notaurl' is invalid/i)]);
    }
  });

  // Issue #38: it served the keyless app to the network without a word.
  it.each(['0.0.0.0', '::', '192.0.2.1'])('start --host %s (the keyless app on the network) is refused in one line, exit 1', async (host) => {
    const { code, stderr } = await catastro('start', '--host', host, '--port', '0', '--data', dataDir);
    expect(code).toBe(1);
    expect(stderr.trim().split('\n'), stderr).toEqual([
      expect.stringMatching(
        new RegExp(
          `^VALIDATION_ERROR: catastro start serves the app without keys, to this machine only: --host ${host.replace(/\./g, '\\.')} would open it to the network`,
        ),
      ),
    ]);
  });

  it('a team database that does not answer ends serve with one line naming it, exit 1 (a stack trace before)', async () => {
    const { code, stderr } = await catastro('serve', '--port', '0', '--store', 'postgres://catastro@127.0.0.1:1/catastro', '--data', dataDir);
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(
      /^SERVICE_UNAVAILABLE: The team database does not answer; try again when it is back\. \(127\.0\.0\.1:1\/catastro: connect ECONNREFUSED/,
    );
    expect(stderr).not.toMatch(/\n\s+at /);
  });

  it('keys create --expires in the past is refused (it made a key refused from its first call), today is taken', async () => {
    const past = await catastro('keys', 'create', '--tier', 'free', '--expires', '2001-01-01', '--data', dataDir);
    expect(past.code).toBe(1);
    expect(past.stderr.trim()).toMatch(/^VALIDATION_ERROR: Option '--expires <YYYY-MM-DD>' argument '2001-01-01' is invalid\. 2001-01-01 is in the past/);
    const today = new Date().toISOString().slice(0, 10);
    expect((await catastro('keys', 'create', '--tier', 'free', '--expires', today, '--data', dataDir)).code).toBe(0);
  });
});

// `keys` printed commander's `error: …` and `no key with id …` where every other command leads
// with the spec's code (the same lines through runKeysCommand: test/unit/auth/key-store.test.ts).
describe("catastro keys refuses as the other commands do: one line led by the spec's code, exit 1", () => {
  it.each([
    [
      'a tier not offered',
      ['keys', 'create', '--tier', 'gold'],
      "VALIDATION_ERROR: Option '--tier <tier>' argument 'gold' is invalid. Allowed choices are free, basic, pro, business.",
    ],
    ['a key id not there', ['keys', 'revoke', 'nope'], 'NOT_FOUND: No key with id nope; `catastro keys list` shows the ids.'],
  ])('%s', async (_name, args, line) => {
    const { code, stderr } = await catastro(...args, '--data', dataDir);
    expect(code).toBe(1);
    expect(stderr.trim()).toBe(line);
  });
});

// An origin written otherwise than a browser sends it never matched a page's Origin; `*` where the
// caller's address is the credential would let any page on the web use its visitors' browsers.
describe('serve --cors-origin and --trust-proxy are checked before anything starts', () => {
  it.each([
    [
      'a trailing slash',
      ['--cors-origin', 'https://maps.example.org/'],
      /argument 'https:\/\/maps\.example\.org\/' is invalid\. .*give https:\/\/maps\.example\.org \(/,
    ],
    ['a default port', ['--cors-origin', 'https://maps.example.org:443'], /give https:\/\/maps\.example\.org \(/],
    ['no scheme', ['--cors-origin', 'maps.example.org'], /argument 'maps\.example\.org' is invalid\. 'maps\.example\.org' is not an origin/],
    ['the null origin', ['--cors-origin', 'null'], /argument 'null' is invalid/],
    [
      '* with the free tier',
      ['--cors-origin', 'https://maps.example.org', '--cors-origin', '*', '--free-per-ip', '5'],
      /^VALIDATION_ERROR: A CORS origin of \* is refused with --free-per-ip/,
    ],
    ['* with --auth off', ['--auth', 'off', '--cors-origin', '*'], /^VALIDATION_ERROR: A CORS origin of \* is refused with --auth off/],
    [
      'a proxy named by its host name',
      ['--trust-proxy', 'proxy.example.org'],
      /argument 'proxy\.example\.org' is invalid\. 'proxy\.example\.org' is not an IP address or network/,
    ],
    [
      'a proxy network of every address',
      ['--trust-proxy', '0.0.0.0/0'],
      /argument '0\.0\.0\.0\/0' is invalid\. .*would trust more public IPv4 addresses than a \/8/,
    ],
    // Each public /8 passes the option's parser alone; two are refused together.
    [
      'proxy networks covering more than a /8 together',
      ['1.0.0.0/8', '2.0.0.0/8'].flatMap((network) => ['--trust-proxy', network]),
      /^VALIDATION_ERROR: --trust-proxy 1\.0\.0\.0\/8, 2\.0\.0\.0\/8 would trust more public IPv4 addresses than a \/8/,
    ],
  ])('%s: one line led by the code, exit 1', async (_name, args, line) => {
    const { code, stderr } = await catastro('serve', '--port', '0', ...args, '--data', dataDir);
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(/^VALIDATION_ERROR: /);
    expect(stderr).toMatch(line);
    expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
  });
});

// These printed a bare sentence and exited 2, where every other refusal of a command line leads
// with the code and exits 1 (docs/command-line.md). Each is refused before the copy or a source is
// touched: no data folder file is made, nothing is asked of the network.
describe('download, areas and import-layers refuse a command line as the other commands do', () => {
  it.each([
    ['download naming nothing', ['download'], /^VALIDATION_ERROR: Say what to download: .*e\.g\. catastro download Segovia/],
    [
      'download --country FR naming nothing',
      ['download', '--country', 'FR'],
      /^VALIDATION_ERROR: Say what to download in France: .*e\.g\. catastro download --country FR/,
    ],
    [
      'download --country DE (no offline areas)',
      ['download', '--country', 'DE', 'Berlin'],
      /^VALIDATION_ERROR: --country takes ES or FR, .*e\.g\. --country FR 91216; not "DE"\./,
    ],
    [
      'download --bbox of three numbers',
      ['download', '--bbox', '1,2,3'],
      /^VALIDATION_ERROR: --bbox takes west,south,east,north .*e\.g\. --bbox -4\.14,40\.93,-4\.10,40\.96 \(got "1,2,3"\)\./,
    ],
    ['download --bbox not numbers', ['download', '--bbox', 'abc'], /^VALIDATION_ERROR: --bbox takes west,south,east,north .*\(got "abc"\)\./],
    ['download --bbox west above east', ['download', '--bbox', '3,2,1,4'], /^VALIDATION_ERROR: --bbox takes west,south,east,north .*\(got "3,2,1,4"\)\./],
    [
      'download --bbox beyond the globe',
      ['download', '--bbox', '-200,40,-4,41'],
      /^VALIDATION_ERROR: --bbox takes west,south,east,north in degrees.*\(got "-200,40,-4,41"\)\./,
    ],
    ['areas remove naming no area', ['areas', 'remove'], /^VALIDATION_ERROR: Name the areas to remove, e\.g\. catastro areas remove ES\.40146/],
    ['areas with an unknown action', ['areas', 'purge'], /^VALIDATION_ERROR: Unknown action "purge": give list, update or remove, e\.g\. /],
    [
      'import-layers naming no file',
      ['import-layers'],
      /^VALIDATION_ERROR: Name at least one file with --protected-areas, --designated-areas or --ground-motion, e\.g\. /,
    ],
    [
      'import-layers field mapping without a national layer',
      ['import-layers', '--code-field', 'code', '--protected-areas', 'zepa.geojson'],
      /^VALIDATION_ERROR: --code-field, .* describe --designated-areas layers; name one, e\.g\. /,
    ],
    [
      'import-layers attribution without an area layer',
      ['import-layers', '--source-name', 'EEA', '--ground-motion', 'tile.zip'],
      /^VALIDATION_ERROR: --source-name, .* layers; name one, e\.g\. /,
    ],
  ])('%s: one line led by the code, exit 1', async (_name, args, line) => {
    const data = mkdtempSync(path.join(dataDir, 'refused-'));
    const { code, stderr } = await catastro(...args, '--data', data);
    expect(code, stderr).toBe(1);
    expect(stderr).toMatch(line);
    expect(stderr.trim().split('\n'), stderr).toHaveLength(1);
    expect(readdirSync(data)).toEqual([]);
  });

  it("areas remove of an area the copy does not hold says NOT_FOUND, as the app's removal does", async () => {
    const { code, stderr } = await catastro('areas', 'remove', 'ES.99999', '--data', dataDir);
    expect(code).toBe(1);
    expect(stderr).toBe('NOT_FOUND: The copy holds no offline area ES.99999.\n');
  });
});

describe('start takes only the options it uses; --basemap is checked before anything starts', () => {
  it('start refuses --workers and --status-interval, which only serve uses (they were offered and ignored)', async () => {
    for (const option of ['--workers', '--status-interval']) {
      expect(await catastro('start', '--port', '0', option, '2', '--data', dataDir)).toEqual({
        code: 1,
        stderr: `VALIDATION_ERROR: Unknown option '${option}'.\n`,
      });
    }
  });

  it('a --basemap that does not exist is refused naming it, for serve and start (the server started and every basemap request failed)', async () => {
    const missing = path.join(dataDir, 'spain.pmtiles');
    for (const command of ['serve', 'start']) {
      const { code, stderr } = await catastro(command, '--port', '0', '--basemap', missing, '--data', dataDir);
      expect(code, stderr).toBe(1);
      expect(stderr.trim().split('\n'), stderr).toEqual([expect.stringContaining(`Basemap ${missing} does not exist.`)]);
    }
  });
});

// A port in use ended serve (and start's browser app) in Node's stack trace; with --workers each
// worker printed its own before the primary's "could not start".
describe('serve on a port another program holds', () => {
  it.each([
    ['one process', []],
    ['two workers', ['--workers', '2']],
  ])('%s: one line naming the port and what to do, once, exit 1', async (_name, workers) => {
    const holder = createServer();
    await new Promise<void>((listening) => holder.listen(0, '127.0.0.1', listening));
    const { port } = holder.address() as AddressInfo;
    try {
      const { code, stderr } = await catastro('serve', '--port', String(port), ...workers, '--data', dataDir);
      expect(code, stderr).toBe(1);
      expect(stderr).toBe(
        `VALIDATION_ERROR: Port ${port} on 127.0.0.1 is already in use by another program: give another --port (e.g. --port ${port + 1}, or --port 0 for any free one) or stop the program using it.\n`,
      );
    } finally {
      holder.close();
    }
  });

  it("a --host that is not this machine's (192.0.2.1, a documentation address) is refused so too", async () => {
    const { code, stderr } = await catastro('serve', '--host', '192.0.2.1', '--port', '0', '--data', dataDir);
    expect(code, stderr).toBe(1);
    expect(stderr).toBe(
      'VALIDATION_ERROR: --host 192.0.2.1 is not an address of this machine: give one of its addresses, e.g. --host 127.0.0.1 (this machine only) or --host 0.0.0.0 (every address).\n',
    );
  });
});

// `import --help` named only the Catastro's files (.zip, .gml, .gml.gz, .cat) while the import door
// also takes every national format of core/countries/import-formats.ts. Keyed by kind: a format
// added there fails typecheck here until the help (and this list) names it.
// A --static that is no built renderer served the HTTP API alone without a word (the server serves
// the folder only when it holds index.html).
describe('serve --static is checked before anything starts', () => {
  it.each([
    ['a folder that does not exist', () => path.join(dataDir, 'no-such-build'), 'is not a folder'],
    ['a folder without index.html', () => mkdtempSync(path.join(dataDir, 'empty-build-')), 'holds no index.html'],
  ])('%s: one line led by the code saying what to give, exit 1', async (_name, folder, reason) => {
    const dir = folder();
    const { code, stderr } = await catastro('serve', '--port', '0', '--static', dir, '--data', dataDir);
    expect(code, stderr).toBe(1);
    expect(stderr).toBe(
      `VALIDATION_ERROR: Option '--static <dir>' argument '${dir}' is invalid. ${dir} ${reason}: give the built renderer's folder, e.g. --static dist/renderer (npm run build:renderer writes it).\n`,
    );
  });
});

describe('import --help names every kind of file import takes', () => {
  const HELP_NAMES: Record<NationalBulkKind, RegExp> = {
    'fr-etalab-geojson': /France's Etalab parcels \(cadastre-NNNNN-parcelles\.json\.gz\)/,
    'nl-dkk-gml': /Netherlands' DKK GML/,
    'pl-egib-gml': /Poland's EGiB GML/,
    'dk-mat-json': /Denmark's MAT register \(zip\)/,
    'uk-hmlr-gml': /HM Land Registry's INSPIRE Index Polygons \(England and Wales, <authority>\.zip\)/,
  };

  it.each(NATIONAL_BULK_FORMATS.map((format) => [format.kind]))('%s', async (kind) => {
    // Commander wraps the help at 80 columns: compared as one line.
    const help = (await run(process.execPath, [cli, 'import', '--help'])).stdout.replace(/\s+/g, ' ');
    expect(help).toMatch(/Catastro INSPIRE GML \(parcels, buildings, addresses\).*CAT files/);
    expect(help).toMatch(HELP_NAMES[kind]);
    expect(help).toMatch(/\.json\.gz or \.cat/);
  });
});

// An id the copy does not hold ran an update (recorded, then failed as a "file") where removal
// refuses it: both now say NOT_FOUND before anything is fetched.
describe('areas update naming an area the copy does not hold', () => {
  it('areas update of an area the copy does not hold is refused with NOT_FOUND, nothing fetched', async () => {
    const data = mkdtempSync(path.join(dataDir, 'update-'));
    const { code, stderr } = await catastro('areas', 'update', 'ES.99999', '--base-url', 'http://127.0.0.1:9/unreachable', '--data', data);
    expect(code).toBe(1);
    expect(stderr).toBe('NOT_FOUND: The copy holds no offline area ES.99999. Nothing was updated; `catastro areas list` shows the ids.\n');
    expect(readdirSync(data)).not.toContain('downloads');
  });
});

// Opening a named pipe nothing writes to blocked for ever: `batch` ignored SIGTERM and ran until
// killed (10 min here), `import-layers` until its timeout. Every command's input file is one rule
// (core/file-checks.ts checkInputFile), so both refuse it before opening it.
describe('a named pipe given as an input file is refused before it is opened', () => {
  const fifo = path.join(dataDir, 'never-written');
  it.each([
    ['batch', () => ['batch', fifo, '-o', path.join(dataDir, 'fifo-out.csv')], `Input ${fifo} is a named pipe (FIFO), not a regular file`],
    ['import-layers', () => ['import-layers', '--protected-areas', fifo], `Layer ${fifo} is a named pipe (FIFO), not a regular file`],
  ])('%s: one line led by the code, exit 1, at once', async (_name, args, reason) => {
    if (!existsSync(fifo)) execFileSync('mkfifo', [fifo]);
    const { code, stderr } = await catastro(...args(), '--data', dataDir);
    expect(code, stderr).toBe(1);
    expect(stderr.trim()).toBe(
      `VALIDATION_ERROR: ${reason}: only files on disk are read (a pipe or a device may never send data, or never end).${_name === 'import-layers' ? ' Nothing was imported.' : ''}`,
    );
  });
});
