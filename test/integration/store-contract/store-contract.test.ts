import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { VectorTile } from '@mapbox/vector-tile';
import { PbfReader } from 'pbf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bboxOf, containsPoint } from '../../../core/geo/polygon.js';
import { openAccessDatabase } from '../../../core/auth/access-db.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { PgKeyStore } from '../../../core/auth/pg-access.js';
import { importFiles } from '../../../core/countries/import-formats.js';
import { parcelTile, parcelTileFrom, tileBBox } from '../../../core/map/parcel-tiles.js';
import type { AccessLocation } from '../../../core/store/cadastral-store.js';
import type { StoredAddress, StoredFinca, StoredParcel, StoredUnit } from '../../../core/model/records.js';
import type { LonLat } from '../../../core/model/index.js';
import { ADDRESSES_FILE, portalsOfFile } from '../../helpers/inspire-addresses.js';
import { officialSegoviaArea, segoviaParcelsGml } from '../../helpers/official-area.js';
import { fixture } from '../../helpers/paths.js';
import { IMPLEMENTATIONS, titleOf, type StoreUnderTest } from './stores.js';

const PARCELS = fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
const BUILDINGS = fixture('A.ES.SDGC.BU.40146.building.gml.gz');
const gml = segoviaParcelsGml;
const buildingsGml = gunzipSync(readFileSync(BUILDINGS)).toString('latin1');
const MEMBERS = gml.split('<cp:CadastralParcel ').length - 1;

/** The XYZ tile holding a point at zoom z. */
function tileOf([lon, lat]: [number, number], z: number): [number, number] {
  const latRad = (lat * Math.PI) / 180;
  return [Math.floor(((lon + 180) / 360) * 2 ** z), Math.floor(((1 - Math.log(Math.tan(latRad) + 1 / Math.cos(latRad)) / Math.PI) / 2) * 2 ** z)];
}

/** The keys at a store's access location, as a server process opens them (core/api/server.ts). */
function openKeys(location: AccessLocation): { keys: KeyStore | PgKeyStore; close(): void } {
  if ('database' in location) return { keys: new PgKeyStore(location.database), close() {} };
  const db = openAccessDatabase(location.dataDir);
  return { keys: new KeyStore(db), close: () => db.close() };
}

const unit = (finca: string, n: number, extra: Partial<StoredUnit> = {}): StoredUnit => ({
  ref: `${finca}${String(n).padStart(4, '0')}XX`,
  finca,
  escalera: '1',
  planta: String(n),
  puerta: 'A',
  uso: 'Residencial',
  superficie: 50 + n,
  descripcion: 'VIVIENDA',
  participacion: 10,
  anio: 1990,
  direccion: 'CL MADROÑO 1',
  source: 'live',
  dataDate: '2026-01-01',
  ...extra,
});

/** What each store answered for the Addresses file's portals, compared across stores at the end. */
const portalsAnswered = new Map<string, StoredAddress[]>();
/** The data generation once the change notices of earlier commits have come in (PostgreSQL delivers them after the commit returns). */
async function settledGeneration(store: StoreUnderTest['store']): Promise<number> {
  for (;;) {
    const generation = store.dataGeneration();
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (store.dataGeneration() === generation) return generation;
  }
}
/** Code-point order (SQLite's, and PostgreSQL's under COLLATE "C"). */
const byCodePoint = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

for (const impl of IMPLEMENTATIONS) {
  describe.skipIf(impl.skip !== undefined)(`store contract: ${titleOf(impl)}`, () => {
    let copy: StoreUnderTest;
    let scratch: string;

    beforeAll(async () => {
      scratch = mkdtempSync(path.join(os.tmpdir(), 'catastro-contract-files-'));
      await impl.start();
      copy = await impl.open();
      await copy.importFiles([PARCELS, BUILDINGS]);
    }, 180_000);
    afterAll(async () => {
      await copy?.dispose();
      await impl.stop();
      if (scratch) rmSync(scratch, { recursive: true, force: true });
    }, 60_000);

    it('imports every member of the real Segovia (40146) file', async () => {
      expect(MEMBERS).toBe(1443);
      expect(await copy.store.countParcels()).toBe(MEMBERS);
      expect(await copy.store.countParcels('ES')).toBe(MEMBERS);
      expect(await copy.store.countParcels('FR')).toBe(0);
      expect(await copy.store.countParcelsOnce()).toBe(MEMBERS);
    });

    it.each(['000700100UL74F', '40146A00305023', '40146A00800043'])('looks %s up by reference with its official area', async (ref) => {
      const parcel = await copy.store.getParcel('ES', ref);
      expect(parcel?.ref).toBe(ref);
      expect(parcel!.areaM2).toBe(officialSegoviaArea(ref));
      expect(parcel!.geometry.type === 'Polygon' || parcel!.geometry.type === 'MultiPolygon').toBe(true);
      expect(await copy.store.getParcel('ES', `${ref.slice(0, 13)}Q`)).toBeUndefined();
      expect(await copy.store.getParcel('FR', ref)).toBeUndefined();
    });

    it('joins the building file: use, year, built area and declared units', async () => {
      const ref = '000700100UL74F';
      const building = buildingsGml.split('<bu-ext2d:Building ').find((b) => b.startsWith(`gml:id="ES.SDGC.BU.${ref}"`))!;
      const parcel = (await copy.store.getParcel('ES', ref))!;
      expect(parcel.declaredUnits).toBe(Number(/<bu-ext2d:numberOfBuildingUnits>(\d+)</.exec(building)![1]));
      expect(parcel.anioConstruccion).toBe(Number(/<bu-core2d:beginning>(\d{4})/.exec(building)![1]));
      expect(parcel.uso).toBe('Industrial');
    });

    it('tells which of a list of references it holds, in reference order', async () => {
      const held = ['40146A00500023', '40146A00100005'];
      const absent = ['40146B00500023', '40146A00599999', '0000000XX0000X'];
      expect(held.every((ref) => gml.includes(`gml:id="ES.SDGC.CP.${ref}"`))).toBe(true);
      expect(await copy.store.heldReferences('ES', [...absent, ...held])).toEqual([...held].sort(byCodePoint));
      expect(await copy.store.heldReferences('FR', held)).toEqual([]);
      expect(await copy.store.heldReferences('ES', [])).toEqual([]);
    });

    it('finds each parcel at a point inside it (the smallest where outlines overlap) and nothing in open sea', async () => {
      const all = await copy.store.parcelsInBBox([-180, -90, 180, 90], 5000);
      expect(all).toHaveLength(MEMBERS);
      const sample = all.filter((p, i) => i % 20 === 0 && containsPoint(p.geometry, p.centroid));
      expect(sample.length).toBeGreaterThan(30);
      for (const parcel of sample) {
        const found = (await copy.store.parcelAt(parcel.centroid))!;
        expect(containsPoint(found.geometry, parcel.centroid)).toBe(true);
        expect(found.ref === parcel.ref || found.areaM2 < parcel.areaM2).toBe(true);
        expect((await copy.store.parcelAt(parcel.centroid, 'ES'))?.ref).toBe(found.ref);
      }
      expect(await copy.store.parcelAt(sample[0].centroid, 'FR')).toBeUndefined();
      expect(await copy.store.parcelAt([-10, 40])).toBeUndefined();

      // Asked all at once (PostgreSQL reads a turn's points together): each point its own parcel,
      // a point on no parcel none, a point asked twice the same parcel twice.
      const points = [...sample.map((p) => p.centroid), [-10, 40] as LonLat, sample[0].centroid];
      const together = await Promise.all(points.map((point) => copy.store.parcelAtWithUnits(point, 'ES', 2)));
      const apart = [];
      for (const point of points) apart.push(await copy.store.parcelAtWithUnits(point, 'ES', 2));
      expect(together).toEqual(apart);
      expect(together.at(-2)).toBeUndefined();
      expect(together.map((answer) => answer?.parcel.ref).slice(0, -2)).toEqual(
        await Promise.all(sample.map(async (p) => (await copy.store.parcelAt(p.centroid))?.ref)),
      );
    });

    it('lists the parcels whose box meets a box, up to the limit', async () => {
      const parcel = (await copy.store.getParcel('ES', '000700100UL74F'))!;
      const box = bboxOf(parcel.geometry);
      const around = await copy.store.parcelsInBBox(box, 1000);
      expect(around.map((p) => p.ref)).toContain(parcel.ref);
      for (const p of around) {
        const [w, s, e, n] = bboxOf(p.geometry);
        expect(w <= box[2] && e >= box[0] && s <= box[3] && n >= box[1]).toBe(true);
      }
      expect(await copy.store.parcelsInBBox([-180, -90, 180, 90], 7)).toHaveLength(7);
      expect(await copy.store.parcelsInBBox([10, 10, 11, 11], 100)).toEqual([]);
    });

    it('draws a vector tile of the parcels under it, and none where there are none', async () => {
      const parcel = (await copy.store.getParcel('ES', '000700100UL74F'))!;
      const z = 16;
      const [x, y] = tileOf(parcel.centroid, z);
      const bytes = (await parcelTileFrom(copy.store, z, x, y))!;
      const layer = new VectorTile(new PbfReader(bytes)).layers.parcels;
      const refs = Array.from({ length: layer.length }, (_, i) => String(layer.feature(i).properties.ref));
      expect(refs).toContain(parcel.ref);
      // Every parcel drawn is one the box query finds; every parcel with a point inside the tile is drawn.
      const [w, s, e, n] = tileBBox(z, x, y);
      const candidates = await copy.store.parcelsInBBox([w, s, e, n], 20_000);
      const candidateRefs = new Set(candidates.map((p) => p.ref));
      expect(refs.every((ref) => candidateRefs.has(ref))).toBe(true);
      const inside = candidates.filter((p) => p.centroid[0] > w && p.centroid[0] < e && p.centroid[1] > s && p.centroid[1] < n);
      expect(inside.length).toBeGreaterThan(0);
      for (const p of inside) expect(refs).toContain(p.ref);
      expect(await parcelTileFrom(copy.store, 16, 0, 0)).toBeNull();
      expect(await parcelTileFrom(copy.store, 12, x >> 4, y >> 4)).toBeNull();
    });

    it('draws the same tile bytes by its own outline read, where it offers one, as from whole parcels', async () => {
      const parcel = (await copy.store.getParcel('ES', '000700100UL74F'))!;
      for (const z of [14, 16, 18]) {
        const [x, y] = tileOf(parcel.centroid, z);
        const own = (await parcelTile(copy.store, z, x, y))!;
        expect(own.byteLength).toBeGreaterThan(100);
        expect(Buffer.from(own).equals(Buffer.from((await parcelTileFrom(copy.store, z, x, y))!))).toBe(true);
      }
    });

    it('keeps what stays in the data folder in a local copy: offline areas, the map extents, analysis tables', async () => {
      const { local } = copy.store;
      await importFiles(local, [PARCELS]);
      const area = local.getOfflineArea('ES.40146')!;
      expect(area).toMatchObject({ country: 'ES', code: '40146' });
      expect(local.listOfflineAreas().map((a) => a.id)).toContain('ES.40146');
      const parcel = (await copy.store.getParcel('ES', '000700100UL74F'))!;
      const [w, s, e, n] = local.copyExtents().find((extent) => extent.area === 'ES.40146')!.bbox;
      expect(parcel.centroid[0] > w && parcel.centroid[0] < e && parcel.centroid[1] > s && parcel.centroid[1] < n).toBe(true);
      expect(local.analysisTables().protectedAreaPartsIn([w, s, e, n])).toEqual([]);
    });

    it('says where the API keys live: a key made there is verified by a second opening of the same place', async () => {
      const location = copy.store.accessLocation();
      const [first, second] = [openKeys(location), openKeys(location)];
      try {
        const { key, record } = await first.keys.create({ tier: 'basic', label: 'contract' });
        expect(await second.keys.verify(key)).toEqual({ ok: true, key: record });
      } finally {
        first.close();
        second.close();
      }
    });

    it('keeps a live parcel, finca and units, replaces units atomically and pages them by reference', async () => {
      const finca14 = '9398516VK3799G';
      const generation = copy.store.dataGeneration();
      const base = (await copy.store.getParcel('ES', '000700100UL74F'))!;
      const live: StoredParcel = { ...base, ref: finca14, direccion: undefined, source: 'live', areaM2: 321 };
      await copy.store.upsertParcels([live]);
      expect(copy.store.dataGeneration()).not.toBe(generation);
      const finca: StoredFinca = {
        ref: finca14,
        direccion: 'CL MADROÑO 12 Pl:01',
        codigoPostal: '28001',
        municipio: 'MADRID',
        provincia: 'MADRID',
        usoGeneral: 'Residencial',
        superficieTotal: 900,
        superficieParcela: 300,
        anioConstruccion: 1975,
        declaredUnits: 12,
        source: 'live',
        dataDate: '2026-01-01',
      };
      await copy.store.upsertFinca('ES', finca);
      expect(await copy.store.getFinca('ES', finca14)).toEqual(finca);
      // A later answer without the land area keeps the one known.
      await copy.store.upsertFinca('ES', { ...finca, superficieParcela: undefined, declaredUnits: 13 });
      expect(await copy.store.getFinca('ES', finca14)).toEqual({ ...finca, declaredUnits: 13 });

      const units = Array.from({ length: 12 }, (_, i) => unit(finca14, 12 - i));
      await copy.store.replaceUnits('ES', finca14, units);
      expect(await copy.store.countUnits('ES', finca14)).toBe(12);
      const first = await copy.store.unitsPage('ES', finca14, undefined, 5);
      expect(first.map((u) => u.ref)).toEqual(
        units
          .map((u) => u.ref)
          .sort()
          .slice(0, 5),
      );
      const rest = await copy.store.unitsPage('ES', finca14, first[4].ref, 100);
      expect(rest).toHaveLength(7);
      expect(await copy.store.getUnit('ES', units[0].ref)).toEqual(units[0]);
      await copy.store.replaceUnits('ES', finca14, units.slice(0, 3));
      expect(await copy.store.countUnits('ES', finca14)).toBe(3);
      expect(await copy.store.getUnit('ES', units[11].ref)).toBeUndefined();
      // Another country's finca and units under the same reference text live beside Spain's.
      await copy.store.upsertFinca('FR', { ...finca, direccion: 'RUE DE LA PAIX 1' });
      await copy.store.replaceUnits('FR', finca14, units.slice(5, 6));
      expect((await copy.store.getFinca('FR', finca14))?.direccion).toBe('RUE DE LA PAIX 1');
      expect((await copy.store.getFinca('ES', finca14))?.direccion).toBe(finca.direccion);
      // The parcel with its finca in one read: the same records as read apart, the finca of the parcel's own country.
      expect(await copy.store.getParcelWithFinca('ES', finca14)).toEqual({
        parcel: await copy.store.getParcel('ES', finca14),
        finca: await copy.store.getFinca('ES', finca14),
      });
      expect((await copy.store.getParcelWithFinca('ES', finca14))?.finca?.direccion).toBe(finca.direccion);
      expect(await copy.store.getParcelWithFinca('ES', '000700100UL74F')).toEqual({ parcel: await copy.store.getParcel('ES', '000700100UL74F') });
      expect(await copy.store.getParcelWithFinca('FR', finca14)).toBeUndefined();
      expect(await copy.store.getParcelWithFinca('ES', '000700100UL74Q')).toBeUndefined();
      expect(await copy.store.countUnits('FR', finca14)).toBe(1);
      expect(await copy.store.countUnits('ES', finca14)).toBe(3);
      // Point→parcel with the finca and its first units in one read: the same records as read apart.
      const inside = live.centroid;
      await copy.store.upsertParcels([{ ...live, areaM2: 0.5 }]);
      const withUnits = (await copy.store.parcelAtWithUnits(inside, 'ES', 2))!;
      expect(withUnits.parcel.ref).toBe(finca14); // the smallest of the outlines there
      expect(withUnits).toEqual({
        parcel: await copy.store.parcelAt(inside, 'ES'),
        finca: await copy.store.getFinca('ES', finca14),
        units: await copy.store.unitsPage('ES', finca14, undefined, 2),
      });
      expect(withUnits.units).toHaveLength(2);
      expect(await copy.store.parcelAtWithUnits(inside, 'FR', 2)).toBeUndefined();
      expect(await copy.store.parcelAtWithUnits([-10, 40], 'ES', 2)).toBeUndefined();
      await copy.store.upsertParcels([{ ...live, ref: '9398517VK3799G', areaM2: 0.25 }]);
      expect(await copy.store.parcelAtWithUnits(inside, 'ES', 2)).toEqual({ parcel: await copy.store.getParcel('ES', '9398517VK3799G'), units: [] });
      await copy.store.replaceUnits('FR', finca14, []);
      expect(await copy.store.countUnits('ES', finca14)).toBe(3);

      // Address search folds accents and case and reads the finca's address when the parcel has none.
      const found = await copy.store.parcelsWithAddressWord('ES', 'madrono', 10);
      expect(found.map((p) => [p.ref, p.direccion])).toEqual([[finca14, finca.direccion]]);
      expect(await copy.store.parcelsWithAddressWord('ES', '100%', 10)).toEqual([]);
      // A live outline keeps attributes it lacks.
      await copy.store.upsertParcels([{ ...live, municipio: undefined, areaM2: 322 }]);
      const kept = (await copy.store.getParcel('ES', finca14))!;
      expect(kept.areaM2).toBe(322);
      expect(kept.municipio).toBe(base.municipio);
    });

    it('imports the real Fasnia (38012) Addresses file: every portal once, found by a street word with accents and case folded', async () => {
      const generation = copy.store.dataGeneration();
      const [result] = await copy.importFiles([ADDRESSES_FILE]);
      expect(result).toMatchObject({ kind: 'inspire-addresses', addresses: 14, parcels: 0 });
      expect(result.area).toBeUndefined();
      expect(copy.store.dataGeneration()).not.toBe(generation);
      // An empty word folds to nothing: every portal's street holds it.
      const all = await copy.store.importedAddressesWithWord('ES', '', 100);
      const expected = portalsOfFile();
      expect(all).toHaveLength(expected.length);
      for (const portal of expected) {
        const found = all.find((a) => a.ref === portal.ref && a.number === portal.number);
        expect(found, `${portal.ref} ${portal.number}`).toMatchObject({ country: 'ES', postcode: '38570', municipality: 'FASNIA' });
        expect(found!.point[0]).toBeCloseTo(portal.lon, 7);
        expect(found!.point[1]).toBeCloseTo(portal.lat, 7);
      }
      expect(all.map((a) => `${a.ref} ${a.street} ${a.number}`)).toEqual(all.map((a) => `${a.ref} ${a.street} ${a.number}`).sort(byCodePoint));
      expect(all.find((a) => a.ref === '8544911CS5284S')).toMatchObject({ street: 'CR GENERAL DEL SUR (FASNIA)', number: '73' });
      expect(await copy.store.importedAddressesWithWord('ES', 'Callejón', 100)).toEqual(all.filter((a) => a.street === 'CJ CALLEJON (FASNIA)'));
      expect(await copy.store.importedAddressesWithWord('ES', 'Callejón', 100)).toHaveLength(12);
      expect(await copy.store.importedAddressesWithWord('ES', 'callejon', 5)).toEqual(all.filter((a) => a.street === 'CJ CALLEJON (FASNIA)').slice(0, 5));
      expect(await copy.store.importedAddressesWithWord('ES', 'abastos', 100)).toMatchObject([
        { ref: '0295603CS6109N', street: 'MC ABASTOS (RESTO)', number: 'S-N' },
      ]);
      expect(await copy.store.importedAddressesWithWord('ES', '100%', 100)).toEqual([]);
      expect(await copy.store.importedAddressesWithWord('FR', 'callejon', 100)).toEqual([]);
      portalsAnswered.set(impl.name, all);
    });

    it('imports an Addresses file again in place of what it said, and a damaged one changes nothing', async () => {
      const text = readFileSync(ADDRESSES_FILE, 'latin1');
      const changed = path.join(scratch, 'A.ES.SDGC.AD.38012.gml');
      // Every portal's postcode changed, and the first portal listed a second time 10 m further east.
      const [first] = /<AD:Address gml:id[\s\S]*?<\/AD:Address>/.exec(text)!;
      const moved = first.replace(/<gml:pos>\s*([\d.]+)/, (_, x: string) => `<gml:pos>${Number(x) + 10}`);
      expect(moved).not.toBe(first);
      writeFileSync(
        changed,
        Buffer.from(text.replaceAll('<AD:postCode>38570</AD:postCode>', '<AD:postCode>38571</AD:postCode>').replace(first, `${first}\n${moved}`), 'latin1'),
      );
      const before = (await copy.store.importedAddressesWithWord('ES', '', 100)).find(
        (a) => a.ref === portalsOfFile()[0].ref && a.number === portalsOfFile()[0].number,
      )!;
      await copy.importFiles([changed]);
      const replaced = await copy.store.importedAddressesWithWord('ES', '', 100);
      expect(replaced).toHaveLength(14);
      expect(new Set(replaced.map((a) => a.postcode))).toEqual(new Set(['38571']));
      // The later listing wins: about 10 m east (UTM x + 10 m) of where the portal was.
      const after = replaced.find((a) => a.ref === before.ref && a.number === before.number)!;
      expect(after.point[1]).toBeCloseTo(before.point[1], 5);
      expect((after.point[0] - before.point[0]) * 111_320 * Math.cos((before.point[1] * Math.PI) / 180)).toBeCloseTo(10, 0);

      // Cut short after a portal's reference was changed: refused, the table as it was.
      const cut = path.join(scratch, 'A.ES.SDGC.AD.38012.cut.gml');
      const renamed = text.replace('ES.SDGC.AD.38.012.10.10.8643403CS5284S', 'ES.SDGC.AD.38.012.10.10.CHANGED');
      writeFileSync(cut, Buffer.from(renamed.slice(0, Math.floor(renamed.length * 0.6)), 'latin1'));
      const generation = await settledGeneration(copy.store);
      await expect(copy.importFiles([cut])).rejects.toThrow(/nothing of it was kept/);
      expect(await copy.store.importedAddressesWithWord('ES', '', 100)).toEqual(replaced);
      expect(copy.store.dataGeneration()).toBe(generation);
    });

    it('rolls a failed import back whole: the previous data stays exactly as it was', async () => {
      const before = await copy.store.countParcels();
      const sample = (await copy.store.getParcel('ES', '40146A00305023'))!;
      // The same municipality's file, with one area changed, a new parcel, and a broken tail.
      const changed = gml
        .replace(/(gml:id="ES\.SDGC\.CP\.40146A00305023"[\s\S]*?<cp:areaValue uom="m2">)[\d.]+</, '$11<')
        .replaceAll('000700100UL74F', '000700100UL99Z');
      const cut = changed.lastIndexOf('<member>');
      const broken = path.join(scratch, 'A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');
      writeFileSync(broken, gzipSync(`${changed.slice(0, cut)}<member><cp:CadastralParcel gml:id="x"><<<not xml`));
      const generation = copy.store.dataGeneration();
      await expect(copy.importFiles([broken])).rejects.toThrow(/nothing of it was kept/);
      expect(await copy.store.countParcels()).toBe(before);
      expect((await copy.store.getParcel('ES', '40146A00305023'))!.areaM2).toBe(sample.areaM2);
      expect(await copy.store.getParcel('ES', '000700100UL99Z')).toBeUndefined();
      expect(copy.store.dataGeneration()).toBe(generation);

      // The same file whole goes in, and re-importing it changes what it says.
      writeFileSync(broken, gzipSync(changed));
      await copy.importFiles([broken]);
      expect(copy.store.dataGeneration()).not.toBe(generation);
      expect((await copy.store.getParcel('ES', '40146A00305023'))!.areaM2).toBe(1);
      expect(await copy.store.getParcel('ES', '000700100UL99Z')).toBeDefined();
      // The area's parcels are those of the new file: the renamed one is gone, the live one stays.
      expect(await copy.store.getParcel('ES', '000700100UL74F')).toBeUndefined();
      expect(await copy.store.getParcel('ES', '9398516VK3799G')).toBeDefined();
    });
  });

  describe.skipIf(impl.skip !== undefined)(`keys and quotas contract: ${titleOf(impl)}`, () => {
    beforeAll(() => impl.start(), 120_000);
    afterAll(() => impl.stop(), 60_000);

    it('creates a key shown once, verifies it by its hash, lists and revokes it', async () => {
      const [access] = await impl.openAccess(1);
      try {
        const { key, record } = await access.keys.create({ tier: 'basic', organisation: true, label: 'desk 4' });
        expect(key).toMatch(/^cdk_/);
        expect(record).toMatchObject({ tier: 'basic', organisation: true, label: 'desk 4', monthlyQuota: 5000, revokedAt: null });
        expect(await access.keys.verify(key)).toEqual({ ok: true, key: record });
        expect(await access.keys.verify(`${key}x`)).toEqual({ ok: false, reason: 'unknown' });
        expect(JSON.stringify(await access.keys.list())).not.toContain(key);
        const expired = await access.keys.create({ tier: 'free', expiresOn: '2020-01-31' });
        expect(await access.keys.verify(expired.key)).toEqual({ ok: false, reason: 'expired' });
        expect(await access.keys.revoke(record.id)).toBe(true);
        expect(await access.keys.revoke('nosuchkey')).toBe(false);
        expect(await access.keys.verify(key)).toEqual({ ok: false, reason: 'revoked' });
        expect((await access.keys.list()).map((k) => k.id).sort()).toEqual([record.id, expired.record.id].sort());
      } finally {
        await access.dispose();
      }
    });

    it('charges within the limit only and settles refunds, never below zero', async () => {
      const [access] = await impl.openAccess(1);
      try {
        expect(await access.ledger.charge('k', 60, 100)).toMatchObject({ accepted: true, used: 60, remaining: 40 });
        expect(await access.ledger.charge('k', 41, 100)).toMatchObject({ accepted: false, used: 60 });
        const last = await access.ledger.charge('k', 40, 100);
        expect(last).toMatchObject({ accepted: true, used: 100, remaining: 0 });
        expect((await access.ledger.charge('k', 1, 100)).accepted).toBe(false);
        expect((await access.ledger.settle('k', -3, 100, last.period)).used).toBe(97);
        expect((await access.ledger.settle('k', -500, 100, last.period)).used).toBe(0);
        expect((await access.ledger.peek('other', 100)).used).toBe(0);
      } finally {
        await access.dispose();
      }
    });

    it('admits exactly the units that fit when three connections race on one key', async () => {
      const connections = await impl.openAccess(3);
      try {
        const attempts = connections.flatMap((access) => Array.from({ length: 80 }, () => access.ledger.charge('race', 1, 150)));
        const results = await Promise.all(attempts);
        expect(results.filter((r) => r.accepted)).toHaveLength(150);
        expect((await connections[0].ledger.peek('race', 150)).used).toBe(150);
      } finally {
        for (const access of connections) await access.dispose();
      }
    });
  });
}

describe.skipIf(IMPLEMENTATIONS.some((impl) => impl.skip !== undefined))('store contract: both stores alike', () => {
  it('answer the same portals of the same Addresses file', () => {
    const [sqlite, postgis] = IMPLEMENTATIONS.map((impl) => portalsAnswered.get(impl.name));
    expect(sqlite).toHaveLength(14);
    expect(postgis).toEqual(sqlite);
  });
});
