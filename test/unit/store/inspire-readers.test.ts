import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import proj4 from 'proj4';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectImportKind } from '../../../core/store/import-runner.js';
import { IMPORT_FORMATS } from '../../../core/countries/import-formats.js';
import { streamBuildings } from '../../../core/formats/inspire-buildings.js';
import { parseCadastralParcelXml } from '../../../core/formats/inspire-parcels.js';
import { readText } from '../../../core/formats/text-stream.js';
import type { BuildingFacts } from '../../../core/model/records.js';
import { fixture } from '../../helpers/paths.js';
import { CATASTRO_PARCELS } from '../../../core/countries/es/catastro-files.js';

// EPSG:25830 as the EPSG registry publishes it for proj, written out here rather than taken from core/geo.
const UTM30 = '+proj=utm +zone=30 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
const read = (name: string) => readFileSync(fixture(name), 'utf8');

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-readers-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function decode(file: string): Promise<string> {
  let text = '';
  for await (const chunk of readText(file)) text += chunk.text;
  return text;
}

describe('parseCadastralParcelXml on real WFS answers', () => {
  it.each([
    ['es_catastro_wfs_getparcel_8429105VK1882N.gml', ['8429105VK1882N']],
    ['es_catastro_wfs_getparcel_9398516VK3799G.gml', ['9398516VK3799G']],
    ['es_catastro_wfs_getparcel_6362209CF9666S_25831.gml', ['6362209CF9666S']],
  ])('reads %s: its reference, official area and date', (name, refs) => {
    const xml = read(name);
    const parcels = parseCadastralParcelXml(xml, { ...CATASTRO_PARCELS, source: 'live' });
    expect(parcels.map((p) => p.ref)).toEqual(refs);
    expect(parcels[0].areaM2).toBe(Number(/<cp:areaValue uom="m2">([\d.]+)</.exec(xml)![1]));
    expect(parcels[0].dataDate).toBe(/<cp:beginLifespanVersion>(\d{4}-\d\d-\d\d)/.exec(xml)![1]);
    // Urban: the 6th character of each reference is a digit (SOURCES.md 1.6).
    expect(parcels[0]).toMatchObject({ country: 'ES', source: 'live', clase: 'Urbano' });
  });

  it('reads every member of a GetNeighbourParcel answer, the queried parcel included', () => {
    const xml = read('es_catastro_wfs-neighbour-9398516VK3799G.xml');
    const ids = [...xml.matchAll(/<cp:CadastralParcel gml:id="ES\.SDGC\.CP\.(\w+)"/g)].map((m) => m[1]);
    const parcels = parseCadastralParcelXml(xml, { ...CATASTRO_PARCELS, source: 'live' });
    expect(parcels.map((p) => p.ref)).toEqual(ids);
    expect(ids).toContain('9398516VK3799G');
  });

  it('answers no parcel for an OWS ExceptionReport', () => {
    expect(parseCadastralParcelXml(read('es_catastro_wfs-exceptionreport-rc-inexistente.xml'), { ...CATASTRO_PARCELS, source: 'live' })).toEqual([]);
  });

  it('reads latitude-first coordinates of a geographic CRS (EPSG:4258 URI) to the same place', () => {
    const xml = read('es_catastro_wfs_getparcel_8429105VK1882N.gml');
    // The same answer rewritten in EPSG:4258 with lat/lon pairs, as the WFS returns for srsname=EPSG::4258.
    const geographic = xml
      .replaceAll('http://www.opengis.net/def/crs/EPSG/0/25830', 'http://www.opengis.net/def/crs/EPSG/0/4258')
      .replace(/(<gml:posList[^>]*>)([^<]+)</g, (_m, open: string, list: string) => {
        const n = list.trim().split(/\s+/).map(Number);
        const pairs: string[] = [];
        for (let i = 0; i < n.length; i += 2) {
          const [lon, lat] = proj4(UTM30, 'WGS84', [n[i], n[i + 1]]);
          pairs.push(`${lat.toFixed(10)} ${lon.toFixed(10)}`);
        }
        return `${open}${pairs.join(' ')}<`;
      });
    const [utm] = parseCadastralParcelXml(xml, { ...CATASTRO_PARCELS, source: 'live' });
    const [latFirst] = parseCadastralParcelXml(geographic, { ...CATASTRO_PARCELS, source: 'live' });
    const a = utm.geometry.coordinates.flat(2) as unknown as number[];
    const b = latFirst.geometry.coordinates.flat(2) as unknown as number[];
    expect(b).toHaveLength(a.length);
    b.forEach((value, i) => expect(Math.abs(value - a[i])).toBeLessThan(1e-8));
    expect(latFirst.centroid[0]).toBeLessThan(0); // Madrid: west of Greenwich, i.e. lon/lat not swapped
  });

  it('fails clearly on a geometry in a CRS it cannot convert', () => {
    const xml = read('es_catastro_wfs_getparcel_8429105VK1882N.gml').replaceAll('EPSG/0/25830', 'EPSG/0/99999');
    expect(() => parseCadastralParcelXml(xml, { ...CATASTRO_PARCELS, source: 'live' })).toThrow(/unsupported or missing CRS/);
  });
});

describe('INSPIRE buildings reader', () => {
  it('reads the Canaries extract (EPSG:32628): one record per Building with use, year, units and dwellings', async () => {
    const file = fixture('es_catastro_inspire_BU_38023_building.gml');
    const xml = readFileSync(file, 'latin1');
    const buildings: BuildingFacts[] = [];
    await streamBuildings(file, {}, (batch) => buildings.push(...batch));
    const members = xml.split('<bu-ext2d:Building ').slice(1);
    expect(buildings).toHaveLength(members.length);
    members.forEach((member, i) => {
      expect(buildings[i].ref).toBe(/gml:id="ES\.SDGC\.BU\.(\w+)"/.exec(member)![1]);
      expect(buildings[i].uso).toBe('Residencial');
      expect(buildings[i].buildingUnits).toBe(Number(/<bu-ext2d:numberOfBuildingUnits>(\d+)</.exec(member)![1]));
      expect(buildings[i].dwellings).toBe(Number(/<bu-ext2d:numberOfDwellings>(\d+)</.exec(member)![1]));
      expect(buildings[i].anioConstruccion).toBe(Number(/<bu-core2d:beginning>(\d{4})/.exec(member)![1]));
    });
  });
});

describe('file kind detection by content', () => {
  it.each([
    ['A.ES.SDGC.CP.40146.cadastralparcel.gml.gz', 'inspire-parcels'],
    ['A.ES.SDGC.BU.40146.building.gml.gz', 'inspire-buildings'],
    ['es_catastro_inspire_BU_38023_building.gml', 'inspire-buildings'],
    ['es_catastro_wfs-neighbour-9398516VK3799G.xml', 'inspire-parcels'],
    ['es_catastro_inspire_AD_38012_address.gml', 'inspire-addresses'],
  ])('%s is %s', async (name, kind) => {
    expect(await detectImportKind(fixture(name), IMPORT_FORMATS)).toBe(kind);
  });

  it.each([
    ['A.ES.SDGC.CP.40146.cadastralzoning.gml', 'CadastralZoning'],
    ['A.ES.SDGC.BU.40146.otherconstruction.gml', 'OtherConstruction'],
  ])('refuses %s, whose %s features the copy does not keep', async (name, feature) => {
    await expect(detectImportKind(fixture(name), IMPORT_FORMATS)).rejects.toThrow(new RegExp(`holds INSPIRE ${feature} features`));
  });
});

describe('text decoding of the Catastro files', () => {
  it('decodes by the bytes: a file declaring ISO-8859-1 whose bytes are UTF-8 reads as UTF-8', async () => {
    const file = fixture('es_catastro_wfs_getparcel_9398516VK3799G.gml');
    expect(readFileSync(file, 'latin1')).toMatch(/encoding="ISO-8859-1"/);
    expect(await decode(file)).toContain('La precisión es la que corresponde');
  });

  it('falls back to Latin-1 for Latin-1 bytes, even far into the file', async () => {
    const file = path.join(dir, 'latin1.xml');
    const text = `<?xml version="1.0" encoding="ISO-8859-1"?><a>${'x'.repeat(600_000)}<b>PEÑUELA</b></a>`;
    writeFileSync(file, Buffer.from(text, 'latin1'));
    expect(await decode(file)).toBe(text);
  });

  it('keeps a UTF-8 character split across read chunks whole', async () => {
    const file = path.join(dir, 'split.xml');
    const text = `${'a'.repeat(256 * 1024 - 1)}ñ${'b'.repeat(10)}€`;
    writeFileSync(file, text, 'utf8');
    expect(await decode(file)).toBe(text);
  });

  it('lets the event loop run between the chunks of a plain file, read synchronously', async () => {
    // An import on a server's or the app's own thread must not hold its timers, signals and
    // requests for the whole file: a timer set before reading fires before the last chunk.
    const file = path.join(dir, 'turns.xml');
    writeFileSync(file, 'x'.repeat(1024 * 1024));
    let timerFired = false;
    setTimeout(() => (timerFired = true), 0);
    const firedBeforeChunk: boolean[] = [];
    for await (const _chunk of readText(file)) {
      // Each chunk's parse is synchronous work; 2 ms of it is what a 64 KiB chunk of GML costs.
      const until = performance.now() + 2;
      while (performance.now() < until);
      firedBeforeChunk.push(timerFired);
    }
    expect(firedBeforeChunk.length).toBeGreaterThan(2);
    expect(firedBeforeChunk.at(-1)).toBe(true);
  });
});

describe('GML ring spellings', () => {
  it('reads a ring written as one gml:pos per vertex like the same ring as a posList', () => {
    const xml = read('es_catastro_wfs_getparcel_8429105VK1882N.gml');
    const asPos = xml.replace(/<gml:posList([^>]*)>([^<]+)<\/gml:posList>/g, (_m, _attrs: string, list: string) => {
      const n = list.trim().split(/\s+/);
      const out: string[] = [];
      for (let i = 0; i < n.length; i += 2) out.push(`<gml:pos>${n[i]} ${n[i + 1]}</gml:pos>`);
      return out.join('\n');
    });
    expect(asPos).not.toContain('posList');
    const [expected] = parseCadastralParcelXml(xml, { ...CATASTRO_PARCELS, source: 'live' });
    const [actual] = parseCadastralParcelXml(asPos, { ...CATASTRO_PARCELS, source: 'live' });
    expect(actual.geometry).toEqual(expected.geometry);
  });
});
