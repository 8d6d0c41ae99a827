import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { sampleBuildingsGml, sampleMetadataXml, sampleParcelsGml, writeZip } from '../../helpers/catastro-zips.js';
import { fixture, repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

const run = promisify(execFile);
const cli = path.join(repoRoot, 'bin/catastro.js');
const dir = tempDir('catastro-cli-hostile-zips-');
const dataDir = path.join(dir, 'data');
const PARCELS_ENTRY = 'A.ES.SDGC.CP.40146.cadastralparcel.gml';
const ZIP_NAME = 'A.ES.SDGC.CP.40146.zip';

/** Runs `catastro import` as a user would; a hang fails the test (killed after 30 s). */
async function catastroImport(file: string): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [cli, 'import', '--data', dataDir, file], { cwd: repoRoot, timeout: 30_000 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string; killed?: boolean };
    if (failed.killed) throw new Error(`catastro import ${file} did not end (killed after 30 s)`);
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** Each hostile zip in a folder of its own, under the published name. */
const hostile = (kind: string) => {
  mkdirSync(path.join(dir, kind), { recursive: true });
  return path.join(dir, kind, ZIP_NAME);
};
/** The real parcels GML with `inserted` put right after the first `<cp:beginLifespanVersion>`. */
function gmlWith(inserted: Buffer): Buffer {
  const gml = sampleParcelsGml();
  const at = gml.indexOf('<cp:beginLifespanVersion>') + '<cp:beginLifespanVersion>'.length;
  return Buffer.concat([gml.subarray(0, at), inserted, gml.subarray(at)]);
}
const copyDigest = () =>
  createHash('sha256')
    .update(readFileSync(path.join(dataDir, 'catastro.sqlite')))
    .digest('hex');

const zips: Record<string, string> = {};
beforeAll(async () => {
  // The copy already holds the buildings of 40146.
  expect((await catastroImport(fixture('A.ES.SDGC.BU.40146.building.gml.gz'))).code).toBe(0);
  // yazl refuses to write `..` in a name: a name of the same length, then patched in the bytes.
  const traversal = await writeZip(hostile('traversal'), { [`QQ/QQ/${PARCELS_ENTRY}`]: sampleParcelsGml(), 'A.ES.SDGC.CP.MD..40146.xml': sampleMetadataXml() });
  writeFileSync(traversal, Buffer.from(readFileSync(traversal).toString('latin1').replaceAll('QQ/QQ/', '../../'), 'latin1'));
  zips.traversal = traversal;
  zips.noGml = await writeZip(hostile('no-gml'), { 'readme.txt': Buffer.from('no GML here\n') });
  const whole = readFileSync(await writeZip(path.join(dir, 'whole.zip'), { [PARCELS_ENTRY]: sampleParcelsGml() }));
  writeFileSync((zips.truncated = hostile('truncated')), whole.subarray(0, whole.length >> 1));
  writeFileSync((zips.notZip = hostile('not-zip')), sampleParcelsGml().subarray(0, 4096));
  // A zip bomb lying about its size: the central directory declares 1,000 bytes for an entry
  // inflating to 3 MB (the real file; yazl writes a data descriptor, so only the directory says it).
  const lying = readFileSync(await writeZip(hostile('lying-size'), { [PARCELS_ENTRY]: sampleParcelsGml() }));
  const central = lying.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
  lying.writeUInt32LE(1000, central + 24);
  writeFileSync((zips.lyingSize = hostile('lying-size')), lying);
  // A zip bomb telling the truth: 20 MB of one text node, about 20 KB zipped.
  zips.textBomb = await writeZip(hostile('text-bomb'), { [PARCELS_ENTRY]: gmlWith(Buffer.alloc(20 << 20, 'A')) });
  // The same inside a tag: an attribute value of 20 MB.
  zips.tagBomb = await writeZip(hostile('tag-bomb'), {
    [PARCELS_ENTRY]: gmlWith(Buffer.concat([Buffer.from('<x a="'), Buffer.alloc(20 << 20, 'A'), Buffer.from('"/>')])),
  });
  // And in a buildings file (another parser, saxes): it held the whole text (200 MB: 545 MB resident) and imported the file.
  const buildings = sampleBuildingsGml();
  const at = buildings.indexOf('<bu-core2d:beginLifespanVersion>') + '<bu-core2d:beginLifespanVersion>'.length;
  mkdirSync(path.join(dir, 'buildings-bomb'));
  zips.buildingsTextBomb = await writeZip(path.join(dir, 'buildings-bomb', 'A.ES.SDGC.BU.40146.zip'), {
    'A.ES.SDGC.BU.40146.building.gml': Buffer.concat([buildings.subarray(0, at), Buffer.alloc(20 << 20, 'A'), buildings.subarray(at)]),
  });
  // Gzipped GML (.gml.gz): cut short, and not gzip at all. zlib's "unexpected end of file" and
  // "incorrect header check" named neither the file nor the fault.
  mkdirSync(path.join(dir, 'gz'));
  const gz = readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'));
  writeFileSync((zips.truncatedGzip = path.join(dir, 'gz', 'A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')), gz.subarray(0, gz.length >> 1));
  mkdirSync(path.join(dir, 'not-gz'));
  writeFileSync((zips.notGzip = path.join(dir, 'not-gz', 'A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')), sampleParcelsGml().subarray(0, 4096));
}, 60_000);

// The text bomb ran for more than ten minutes on 300 MB (each chunk searched the whole text so
// far again) and held hundreds of megabytes; the others were refused already.
describe('catastro import refuses hostile zips and gzip files with one clear reason, changing nothing', () => {
  it.each([
    ['traversal', /invalid relative path: \.\.\/\.\.\//],
    ['noGml', /holds no INSPIRE parcels, buildings or addresses GML/],
    ['truncated', /is not a readable zip/],
    ['notZip', /is not a readable zip/],
    ['lyingSize', /too many bytes in the stream|exceeds|size/i],
    ['textBomb', /Malformed XML: a text or tag longer than 16 Mi characters/],
    ['tagBomb', /Malformed XML: a text or tag longer than 16 Mi characters/],
    ['buildingsTextBomb', /Malformed XML: a text or tag longer than 16 Mi characters/],
    ['truncatedGzip', /A\.ES\.SDGC\.CP\.40146\.cadastralparcel\.gml\.gz ends before its compressed data does \(a truncated file or an incomplete download\)\./],
    ['notGzip', /A\.ES\.SDGC\.CP\.40146\.cadastralparcel\.gml\.gz is not gzip data, or damaged gzip data \(incorrect header check\)\./],
  ])(
    '%s',
    async (kind, reason) => {
      const before = copyDigest();
      const files = readdirSync(dataDir).sort();
      const started = Date.now();
      const { code, stdout, stderr } = await catastroImport(zips[kind]);
      expect(code, stderr).toBe(1);
      expect(stderr).toMatch(
        new RegExp(
          `^VALIDATION_ERROR: Import of ${path.basename(zips[kind]).replaceAll('.', '\\.')} failed, nothing of it was kept: .*${reason.source}`,
          `m${reason.flags}`,
        ),
      );
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stdout).toBe('');
      expect(Date.now() - started).toBeLessThan(20_000);
      expect(copyDigest()).toBe(before);
      expect(readdirSync(dataDir).sort()).toEqual(files);
      expect(readdirSync(path.dirname(zips[kind]))).toEqual([path.basename(zips[kind])]);
    },
    40_000,
  );
});
