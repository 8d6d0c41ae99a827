import { mkdtempSync, rmSync } from 'node:fs';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containsPoint } from '../../../core/geo/polygon.js';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { fixture } from '../../helpers/paths.js';

const PARCELS = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
const BUILDINGS = fixture('A.ES.SDGC.BU.40146.building.gml.gz');
const gml = gunzipSync(readFileSync(PARCELS)).toString('utf8');
const buildingsGml = gunzipSync(readFileSync(BUILDINGS)).toString('latin1');

/** One member of the download, read with plain regexes: independent of the importer's SAX code. */
function memberOf(ref: string) {
  const member = gml.split('<member>').find((m) => m.includes(`gml:id="ES.SDGC.CP.${ref}"`))!;
  const area = Number(/<cp:areaValue uom="m2">([\d.]+)</.exec(member)![1]);
  const posLists = [...member.matchAll(/<gml:posList[^>]*>([^<]+)</g)].map((m) => m[1].trim().split(/\s+/).map(Number));
  return { area, posLists };
}

/** Planar (shoelace) centroid of the exterior ring in EPSG:25830, then projected: a second, independent computation. */
function shoelaceCentroidWgs84(ring: number[]): [number, number] {
  // Relative to the first vertex: products of raw UTM metres (~10¹²) lose the centimetres.
  const [ox, oy] = [ring[0], ring[1]];
  let a = 0,
    cx = 0,
    cy = 0;
  for (let i = 0; i < ring.length - 2; i += 2) {
    const [x0, y0, x1, y1] = [ring[i] - ox, ring[i + 1] - oy, ring[i + 2] - ox, ring[i + 3] - oy];
    const cross = x0 * y1 - x1 * y0;
    a += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  a /= 2;
  // EPSG:25830 as the EPSG registry publishes it for proj.
  const utm = '+proj=utm +zone=30 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
  return proj4(utm, 'WGS84', [ox + cx / (6 * a), oy + cy / (6 * a)]) as [number, number];
}

let dir: string;
let store: ParcelStore;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-import-'));
  store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
  await importFiles(store, [PARCELS, BUILDINGS]);
});
afterAll(() => {
  store?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('import of the real Segovia (40146) INSPIRE download', () => {
  it('holds every member of the file: 1,443 parcels', () => {
    const members = gml.split('<cp:CadastralParcel ').length - 1;
    expect(members).toBe(1443);
    expect(store.countParcels('ES')).toBe(members);
  });

  it.each(['000700100UL74F', '40146A00305023', '40146A00800043'])('keeps the official areaValue of %s', (ref) => {
    const stored = store.getParcel('ES', ref);
    expect(stored).toBeDefined();
    expect(stored!.areaM2).toBe(memberOf(ref).area);
  });

  it('puts the centroid where a planar shoelace centroid in EPSG:25830 puts it (within ~1 cm)', () => {
    const ref = '000700100UL74F';
    const { posLists } = memberOf(ref);
    expect(posLists).toHaveLength(1);
    const [lon, lat] = shoelaceCentroidWgs84(posLists[0]);
    const stored = store.getParcel('ES', ref)!;
    expect(Math.abs(stored.centroid[0] - lon)).toBeLessThan(1e-7);
    expect(Math.abs(stored.centroid[1] - lat)).toBeLessThan(1e-7);
  });

  it('finds the parcel at its centroid and nothing in open sea', () => {
    const parcel = store.getParcel('ES', '000700100UL74F')!;
    expect(store.parcelAt(parcel.centroid)?.ref).toBe('000700100UL74F');
    expect(store.parcelAt([-10, 40])).toBeUndefined();
  });

  it('every parcel is found at its own centroid when the centroid lies inside it', () => {
    const sample = store.parcelsInBBox([-180, -90, 180, 90], 2000).filter((p, i) => i % 25 === 0 && containsPoint(p.geometry, p.centroid));
    expect(sample.length).toBeGreaterThan(20);
    for (const parcel of sample) {
      const found = store.parcelAt(parcel.centroid)!;
      // The parcel itself, or a smaller one lying on top of it (the smallest wins).
      expect(found.ref === parcel.ref || found.areaM2 < parcel.areaM2).toBe(true);
    }
  });

  it('fills use, year, built area and declared units from the buildings file', () => {
    const ref = '000700100UL74F';
    const building = buildingsGml.split('<bu-ext2d:Building ').find((b) => b.startsWith(`gml:id="ES.SDGC.BU.${ref}"`))!;
    const units = Number(/<bu-ext2d:numberOfBuildingUnits>(\d+)</.exec(building)![1]);
    const year = Number(/<bu-core2d:beginning>(\d{4})/.exec(building)![1]);
    const area = Number(/<bu-ext2d:value uom="m2">(\d+)</.exec(building)![1]);
    const parcel = store.getParcel('ES', ref)!;
    expect(parcel.declaredUnits).toBe(units);
    expect(parcel.anioConstruccion).toBe(year);
    expect(parcel.superficieConstruida).toBe(area);
    expect(/<bu-ext2d:currentUse>3_industrial</.test(building)).toBe(true);
    expect(parcel.uso).toBe('Industrial');
  });

  it('names the municipality from the metadata file shipped beside the GML in the ATOM zip', () => {
    const title = /<gco:CharacterString>(Cadastral Parcel of [^<]+)</.exec(readFileSync(fixture('A.ES.SDGC.CP.MD..40146.xml'), 'utf8'))![1];
    const parcel = store.getParcel('ES', '000700100UL74F')!;
    expect(parcel.municipio).toBeTruthy();
    expect(title).toBe(`Cadastral Parcel of 40146-${parcel.municipio} (${parcel.provincia})`);
  });

  it('derives the class from the reference shape', () => {
    const parcels = store.parcelsInBBox([-180, -90, 180, 90], 2000);
    const rustic = parcels.find((p) => /[A-Z]/.test(p.ref[5]));
    const urban = parcels.find((p) => /\d/.test(p.ref[5]));
    expect(urban?.clase).toBe('Urbano');
    expect(rustic?.clase).toBe('Rústico'); // 40146 is mostly rustic land: 40146A00305023 and many more
  });

  it('re-importing the same file replaces rather than duplicates', async () => {
    await importFiles(store, [PARCELS]);
    expect(store.countParcels('ES')).toBe(1443);
  });
});
