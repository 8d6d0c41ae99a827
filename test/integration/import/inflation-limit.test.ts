import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { importFailure } from '../../../core/store/import-failure.js';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { writeZip } from '../../helpers/catastro-zips.js';
import { fixture } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

/**
 * Issue #38 finding 5: a small `.gml.gz` that inflates to gigabytes of short comments was read to
 * its end. The bombs here are the real Segovia parcels GML with megabytes of comments after its
 * first parcel and, after them, an entity the importer refuses: read to the end, the import would fail
 * on that entity, so a refusal naming the size proves it stopped before.
 */
const gml = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');
const afterFirstMember = gml.indexOf('</member>') + '</member>'.length;
const COMMENT = '<!-- c -->\n';
const MB = 1024 * 1024;

function bombGml(inflatedMb: number): Buffer {
  const comments = COMMENT.repeat(Math.ceil((inflatedMb * MB) / COMMENT.length));
  return Buffer.from(`${gml.slice(0, afterFirstMember)}${comments}&xxe;${gml.slice(afterFirstMember)}`);
}

let dir: string;
let store: ParcelStore;
const copyState = () => ({
  parcels: store.countParcels(),
  files: store.db.prepare('SELECT count(*) AS n FROM imported_files').get(),
});
beforeAll(async () => {
  dir = tempDir('inflation-limit-');
  store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
  await importFiles(store, [fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')]);
});
afterAll(() => store.close());
afterEach(() => {
  vi.unstubAllEnvs();
});

async function refusal(file: string): Promise<Error> {
  const before = copyState();
  const error = await importFiles(store, [file]).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(Error);
  expect(importFailure(error)).toMatchObject({ code: 'VALIDATION_ERROR' });
  expect(error!.message).not.toMatch(/entity/);
  expect(copyState()).toEqual(before);
  return error!;
}

describe('compressed parcel files are inflated up to a limit', () => {
  it('a .gml.gz past CATASTRO_IMPORT_MAX_INFLATED_MB is refused naming the file and the limit, before its end, the copy unchanged', async () => {
    vi.stubEnv('CATASTRO_IMPORT_MAX_INFLATED_MB', '8');
    const file = path.join(dir, 'A.ES.SDGC.CP.40146.cadastralparcel.big.gml.gz');
    writeFileSync(file, gzipSync(bombGml(40)));
    const error = await refusal(file);
    expect(error.message).toBe(
      `Import of ${path.basename(file)} failed, nothing of it was kept: ${path.basename(file)} inflates to more than 8 MB, ` +
        'the limit for one decompressed file; refused. No published cadastre file is that large: it is damaged or not a cadastre file ' +
        '(CATASTRO_IMPORT_MAX_INFLATED_MB sets another limit).',
    );
  });

  it('a zip entry declaring more than the limit is refused before it is inflated, the copy unchanged', async () => {
    vi.stubEnv('CATASTRO_IMPORT_MAX_INFLATED_MB', '8');
    const zip = await writeZip(path.join(dir, 'A.ES.SDGC.CP.40146.zip'), { 'A.ES.SDGC.CP.40146.cadastralparcel.gml': bombGml(40) });
    const error = await refusal(zip);
    expect(error.message).toContain(
      'A.ES.SDGC.CP.40146.cadastralparcel.gml in A.ES.SDGC.CP.40146.zip inflates to more than 8 MB, the limit for one decompressed file; refused.',
    );
  });

  it('under the default limit, a file growing like a bomb (over 100 times) is refused once past 64 MB', async () => {
    const file = path.join(dir, 'A.ES.SDGC.CP.40146.cadastralparcel.bomb.gml.gz');
    writeFileSync(file, gzipSync(bombGml(100)));
    const error = await refusal(file);
    expect(error.message).toMatch(
      new RegExp(
        `${path.basename(file).replaceAll('.', '\\.')} inflates to more than 100 times its compressed size \\(\\d+ MB from [\\d.]+ MB\\); refused as a decompression bomb`,
      ),
    );
  });

  it('the real files import as before under a lowered limit above their size', async () => {
    vi.stubEnv('CATASTRO_IMPORT_MAX_INFLATED_MB', '4');
    const [result] = await importFiles(store, [fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')]);
    expect(result).toBeDefined();
  });
});
