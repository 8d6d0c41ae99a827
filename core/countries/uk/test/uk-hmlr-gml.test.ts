import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { streamHmlrParcels } from '../hmlr-gml.js';
import { isHmlrGml } from '../hmlr-head.js';
import { hmlrAuthorityOfFileName } from '../hmlr-files.js';
import type { StoredParcel } from '../../../model/records.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';
import { fixture } from '../../../../test/helpers/paths.js';
import { tempDir } from '../../../../test/helpers/temp-dir.js';

/** HM Land Registry's INSPIRE Index Polygons reader (core/countries/uk/hmlr-gml.ts) on the real Vale of Glamorgan slice. */
const REAL = readFileSync(countryFixture('uk_hmlr_inspire_vale_of_glamorgan_sample.gml'), 'utf8');
const [HEAD, FIRST_MEMBER] = [
  REAL.slice(0, REAL.indexOf('<wfs:member>')),
  REAL.slice(REAL.indexOf('<wfs:member>'), REAL.indexOf('</wfs:member>') + '</wfs:member>'.length),
];

function write(text: string): string {
  const file = path.join(tempDir('catastro-hmlr-'), 'Land_Registry_Cadastral_Parcels.gml');
  writeFileSync(file, text);
  return file;
}

describe('HM Land Registry INSPIRE Index Polygons GML', () => {
  it("is known by its LR namespace and LR:PREDEFINED features, not by the Catastro's INSPIRE parcels", () => {
    expect(isHmlrGml(REAL.slice(0, 4096))).toBe(true);
    expect(isHmlrGml(readFileSync(fixture('es_catastro_wfs_getparcel_8429105VK1882N.gml'), 'utf8').slice(0, 4096))).toBe(false);
  });

  it('streams: parcels reach the sink chunk by chunk while the file is read, never the whole file at once', async () => {
    // The real member repeated under new ids: about 1.6 MB, some 25 chunks of 64 KiB.
    const members = 2000;
    const body = Array.from({ length: members }, (_, i) => FIRST_MEMBER.replaceAll('16721537', String(90000000 + i))).join('');
    const batches: number[] = [];
    let seen = 0;
    const total = await streamHmlrParcels(write(`${HEAD}${body}</wfs:FeatureCollection>`), (parcels: StoredParcel[]) => {
      if (parcels.length) batches.push(parcels.length);
      seen += parcels.length;
    });
    expect([total, seen]).toEqual([members, members]);
    expect(batches.length).toBeGreaterThan(10);
    expect(Math.max(...batches)).toBeLessThan(members / 10);
  });

  it('refuses a parcel without an INSPIRE id, or without its polygon, naming what is missing', async () => {
    const noId = FIRST_MEMBER.replace(/<LR:INSPIREID>16721537<\/LR:INSPIREID>/, '');
    await expect(streamHmlrParcels(write(`${HEAD}${noId}</wfs:FeatureCollection>`), () => undefined)).rejects.toThrow(/LR:INSPIREID "" is not an INSPIRE id/);
    const noGeometry = FIRST_MEMBER.replace(/<LR:GEOMETRY>.*<\/LR:GEOMETRY>/, '');
    await expect(streamHmlrParcels(write(`${HEAD}${noGeometry}</wfs:FeatureCollection>`), () => undefined)).rejects.toThrow(
      /Parcel 16721537 has no LR:GEOMETRY polygon/,
    );
  });

  it("names the offline area after the authority's published zip", () => {
    expect(hmlrAuthorityOfFileName('Vale_of_Glamorgan_Council.zip')).toEqual({
      country: 'UK',
      code: 'Vale_of_Glamorgan_Council',
      name: 'Vale of Glamorgan Council',
    });
    expect(hmlrAuthorityOfFileName("King's_Lynn_and_West_Norfolk_Borough_Council.zip")?.code).toBe("King's_Lynn_and_West_Norfolk_Borough_Council");
    expect(hmlrAuthorityOfFileName('Land_Registry_Cadastral_Parcels.gml')).toBeUndefined();
  });
});
