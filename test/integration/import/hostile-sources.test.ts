import { execFile, execFileSync } from 'node:child_process';
import { chmodSync, closeSync, constants, copyFileSync, mkdirSync, openSync, readFileSync, symlinkSync, truncateSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { writeZip } from '../../helpers/catastro-zips.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * Paths that are not files an import can read to their end. A named pipe no process writes to
 * hung every import path (the app's, `catastro import`, which neither Ctrl-C nor SIGTERM ended);
 * /dev/zero and /dev/urandom were read as files. Each is refused before it is opened, in words
 * naming it, VALIDATION_ERROR, and the copy is left as it was.
 */
const dir = tempDir('catastro-hostile-sources-');
const PARCELS = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
const at = (name: string) => path.join(dir, name);
const fifo = at('A.ES.SDGC.CP.40146.cadastralparcel.gml');
const dataDir = at('data');
const SECONDS = 8_000;

let store: ParcelStore;
beforeAll(async () => {
  execFileSync('mkfifo', [fifo]);
  mkdirSync(at('A.ES.SDGC.CP.40146.zip'));
  symlinkSync('/dev/zero', at('zero.A.ES.SDGC.CP.40146.cadastralparcel.gml'));
  symlinkSync('/dev/urandom', at('urandom.A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'));
  symlinkSync(at('loop-b.gml'), at('loop-a.gml'));
  symlinkSync(at('loop-a.gml'), at('loop-b.gml'));
  symlinkSync(at('gone.gml'), at('dangling.gml'));
  copyFileSync(PARCELS, at('locked.gml.gz'));
  chmodSync(at('locked.gml.gz'), 0);
  store = ParcelStore.open(path.join(dataDir, 'catastro.sqlite'));
  await importFiles(store, [fixture('A.ES.SDGC.BU.40146.building.gml.gz')]);
});
afterAll(() => {
  store?.close();
  // A reader still blocked opening the pipe (the bug back) is let go, so the run ends.
  try {
    closeSync(openSync(fifo, constants.O_WRONLY | constants.O_NONBLOCK));
  } catch {
    /* no reader waiting */
  }
});

/** The import's failure, or a hang reported as one after `ms`. */
async function refusal(files: string[], ms = SECONDS): Promise<Error> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`hung: no answer after ${ms} ms`)), ms);
  });
  try {
    await Promise.race([importFiles(store, files), hang]);
  } catch (error) {
    return error as Error;
  } finally {
    clearTimeout(timer);
  }
  throw new Error('the import was not refused');
}

const copyState = () => ({
  parcels: store.countParcels(),
  imported: store.db.prepare('SELECT count(*) AS n FROM imported_files').get(),
});

describe('importing a path that is not a regular file (the app, the upload, offline areas)', () => {
  it.each([
    ['a named pipe nothing writes to', fifo, `${fifo} is a named pipe (FIFO), not a regular file`],
    [
      '/dev/zero, behind a Catastro name',
      at('zero.A.ES.SDGC.CP.40146.cadastralparcel.gml'),
      `${at('zero.A.ES.SDGC.CP.40146.cadastralparcel.gml')} is a character device, not a regular file`,
    ],
    [
      '/dev/urandom, behind a Catastro name',
      at('urandom.A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'),
      `${at('urandom.A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')} is a character device, not a regular file`,
    ],
    ['a folder', at('A.ES.SDGC.CP.40146.zip'), `${at('A.ES.SDGC.CP.40146.zip')} is a folder, not a file`],
    ['a loop of symbolic links', at('loop-a.gml'), `${at('loop-a.gml')} is a symbolic link that leads back to itself`],
    ['a dangling symbolic link', at('dangling.gml'), `${at('dangling.gml')} is a symbolic link to ${at('gone.gml')}, which does not exist`],
  ])(
    '%s: refused at once, naming it, the copy unchanged',
    async (_name, file, reason) => {
      const before = copyState();
      const started = Date.now();
      const error = await refusal([file]);
      expect(error.message).toContain(reason);
      expect(error.message).toMatch(/nothing of it was kept/);
      expect(Date.now() - started).toBeLessThan(SECONDS);
      expect(copyState()).toEqual(before);
    },
    SECONDS * 2,
  );

  // Root reads a file whatever its modes say: the refusal cannot be seen as root.
  it.skipIf(process.getuid?.() === 0)('an unreadable file: refused, naming it', async () => {
    const error = await refusal([at('locked.gml.gz')]);
    expect(error.message).toContain(`${at('locked.gml.gz')} is not accessible (permission denied)`);
  });
});

describe('catastro import of a named pipe', () => {
  const run = promisify(execFile);
  const cli = path.join(repoRoot, 'bin/catastro.js');

  it('refused before any file is imported, in one coded line; not a hang that only SIGKILL ended', async () => {
    const before = copyState();
    const started = Date.now();
    // SIGKILL: the hung import caught SIGTERM, said it was rolling back, and never ended.
    const result = await run(process.execPath, [cli, 'import', '--data', dataDir, PARCELS, fifo], {
      cwd: repoRoot,
      timeout: 30_000,
      killSignal: 'SIGKILL',
    }).then(
      () => ({ code: 0, stderr: '', killed: false }),
      (e: { code?: number; stderr?: string; killed?: boolean }) => ({ code: e.code, stderr: e.stderr ?? '', killed: e.killed }),
    );
    expect(result.killed, 'catastro import hung (killed after 30 s)').toBe(false);
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe(
      `VALIDATION_ERROR: File ${fifo} is a named pipe (FIFO), not a regular file: only files on disk are read (a pipe or a device may never send data, or never end). Nothing was imported.`,
    );
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(copyState()).toEqual(before);
  }, 40_000);
});

// A zip is opened again for each GML in it: removed meanwhile, Node's "ENOENT: no such file or
// directory, open '…'"; cut short meanwhile, zlib's bare "unexpected end of file".
describe('a Catastro zip removed or cut short while it is imported', () => {
  const entries = () => ({
    'A.ES.SDGC.CP.40146.cadastralparcel.gml': gunzipSync(readFileSync(PARCELS)),
    'A.ES.SDGC.BU.40146.building.gml': gunzipSync(readFileSync(fixture('A.ES.SDGC.BU.40146.building.gml.gz'))),
  });
  it.each([
    ['removed', (zip: string) => unlinkSync(zip), (zip: string) => `${zip} was removed or moved while it was being imported.`],
    [
      'cut short',
      (zip: string) => truncateSync(zip, 1000),
      (zip: string) =>
        `A.ES.SDGC.CP.40146.cadastralparcel.gml in ${path.basename(zip)} ends before its compressed data does (a truncated file or an incomplete download).`,
    ],
  ])(
    '%s: refused in words naming it, the copy unchanged',
    async (name, change, reason) => {
      mkdirSync(at(name.replace(' ', '-')));
      const zip = await writeZip(at(`${name.replace(' ', '-')}/A.ES.SDGC.CP.40146.zip`), entries());
      const before = copyState();
      let changed = false;
      const error = await importFiles(store, [zip], () => {
        if (!changed) {
          changed = true;
          change(zip);
        }
      }).then(
        () => undefined,
        (e: unknown) => e as Error,
      );
      expect(changed).toBe(true);
      expect(error?.message).toBe(`Import of A.ES.SDGC.CP.40146.zip failed, nothing of it was kept: ${reason(zip)}`);
      expect(copyState()).toEqual(before);
    },
    SECONDS * 2,
  );
});
