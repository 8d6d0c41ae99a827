import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';
import yazl from 'yazl';
import { fixture, repoRoot } from './paths.js';

/** The bundled real Segovia (40146) download, byte for byte (resources/sample/PROVENANCE.md). */
export const SAMPLE_DIR = path.join(repoRoot, 'resources/sample');
export const sampleParcelsGml = () => gunzipSync(readFileSync(path.join(SAMPLE_DIR, 'A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')));
export const sampleBuildingsGml = () => gunzipSync(readFileSync(path.join(SAMPLE_DIR, 'A.ES.SDGC.BU.40146.building.gml.gz')));
export const sampleMetadataXml = () => readFileSync(path.join(SAMPLE_DIR, 'A.ES.SDGC.CP.MD..40146.xml'));
export const otherConstructionGml = () => readFileSync(fixture('A.ES.SDGC.BU.40146.otherconstruction.gml'));

/** The files' own production time (the parcels GML's timeStamp), as the zip entries' dates. */
const PRODUCED = new Date('2021-09-11T10:54:28Z');

export async function writeZip(file: string, entries: Record<string, Buffer>): Promise<string> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(bytes, name, { mtime: PRODUCED });
  zip.end();
  const out = createWriteStream(file);
  zip.outputStream.pipe(out);
  await finished(out);
  return file;
}

/**
 * The zips the Catastro publishes for a municipality, rebuilt from the real Segovia files: the
 * parcels zip holds the parcels GML and its metadata, the buildings zip the buildings GML and
 * the other constructions (which the copy does not keep). `parcelsGml` lets a test publish an
 * edited "newer" file.
 */
export async function writeSegoviaZips(dir: string, parcelsGml: Buffer = sampleParcelsGml()): Promise<{ parcels: string; buildings: string }> {
  return {
    parcels: await writeZip(path.join(dir, 'A.ES.SDGC.CP.40146.zip'), {
      'A.ES.SDGC.CP.40146.cadastralparcel.gml': parcelsGml,
      'A.ES.SDGC.CP.MD..40146.xml': sampleMetadataXml(),
    }),
    buildings: await writeZip(path.join(dir, 'A.ES.SDGC.BU.40146.zip'), {
      'A.ES.SDGC.BU.40146.building.gml': sampleBuildingsGml(),
      'A.ES.SDGC.BU.40146.otherconstruction.gml': otherConstructionGml(),
    }),
  };
}

/** The parcels GML without the member of `ref`: what a newer file looks like after a parcel is merged away. */
export function parcelsGmlWithout(ref: string): Buffer {
  const gml = sampleParcelsGml().toString('utf8');
  const start = gml.indexOf(`<cp:CadastralParcel gml:id="ES.SDGC.CP.${ref}"`);
  const memberStart = gml.lastIndexOf('<member>', start);
  const memberEnd = gml.indexOf('</member>', start) + '</member>'.length;
  if (start < 0) throw new Error(`no member ${ref}`);
  return Buffer.from(gml.slice(0, memberStart) + gml.slice(memberEnd), 'utf8');
}
