import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressCandidates } from '../../../core/countries/es/address/candidates.js';
import { createAddressDeps } from '../../../core/countries/es/address/deps.js';
import { importFiles } from '../../../core/countries/import-formats.js';
import { ParcelStore } from '../../../core/store/parcel-store.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { ADDRESSES_FILE as FILE, portalsOfFile } from '../../helpers/inspire-addresses.js';

/**
 * The Catastro's INSPIRE Addresses file (AD 3.0) into the copy's addresses table, and offline
 * address search finding its portals, on the real extract of Fasnia (38012, Tenerife). The team
 * database's import runs the same file in the store contract (test/integration/store-contract/).
 */
let dir: string;
let store: ParcelStore;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'address-import-'));
  store = ParcelStore.open(path.join(dir, 'catastro.sqlite'));
});
afterAll(() => {
  store.close();
  rmSync(dir, { recursive: true, force: true });
});

type Row = { country: string; ref: string; street: string; number: string; postcode: string; municipality: string; lon: number; lat: number };
const rows = () => store.db.prepare('SELECT * FROM addresses ORDER BY ref, number').all() as Row[];

describe('INSPIRE Addresses import', () => {
  it('keeps every portal of the file with its street, number, postcode, municipality and WGS84 point', async () => {
    const [result] = await importFiles(store, [FILE]);
    const expected = portalsOfFile();
    expect(expected).toHaveLength(14);
    expect(result).toMatchObject({ kind: 'inspire-addresses', addresses: 14, parcels: 0 });
    const stored = rows();
    expect(stored).toHaveLength(14);
    for (const portal of expected) {
      const row = stored.find((r) => r.ref === portal.ref && r.number === portal.number)!;
      expect(row, `${portal.ref} ${portal.number}`).toBeDefined();
      expect(row).toMatchObject({ country: 'ES', postcode: '38570', municipality: 'FASNIA' });
      expect(row.lon).toBeCloseTo(portal.lon, 7);
      expect(row.lat).toBeCloseTo(portal.lat, 7);
    }
    // Streets are the file's ThoroughfareName texts, joined by the portals' xlinks (they come after the portals).
    expect(stored.find((r) => r.ref === '8544911CS5284S')!.street).toBe('CR GENERAL DEL SUR (FASNIA)');
    expect(stored.find((r) => r.ref === '0295603CS6109N')).toMatchObject({ street: 'MC ABASTOS (RESTO)', number: 'S-N' });
    expect(stored.filter((r) => r.street === 'CJ CALLEJON (FASNIA)')).toHaveLength(12);
  });

  it('imported again, each portal is still there once', async () => {
    await importFiles(store, [FILE]);
    expect(rows()).toHaveLength(14);
  });

  it('a file cut short is refused and leaves the copy as it was', async () => {
    const before = rows();
    const text = readFileSync(FILE, 'latin1');
    const cut = path.join(dir, 'A.ES.SDGC.AD.38012.cut.gml');
    writeFileSync(
      cut,
      Buffer.from(text.replace('ES.SDGC.AD.38.012.10.10.8643403CS5284S', 'ES.SDGC.AD.38.012.10.10.CHANGED').slice(0, Math.floor(text.length * 0.6)), 'latin1'),
    );
    await expect(importFiles(store, [cut])).rejects.toThrow(/nothing of it was kept/);
    expect(rows()).toEqual(before);
  });

  // UTM metres declared as degrees: the portals were kept at longitude 3,119,554, latitude 360,300.
  it('a file whose srsName does not match its coordinates is refused and leaves the copy as it was', async () => {
    const before = rows();
    const text = readFileSync(FILE, 'latin1');
    const wrong = path.join(dir, 'A.ES.SDGC.AD.38012.wrong-crs.gml');
    writeFileSync(wrong, Buffer.from(text.replaceAll('urn:ogc:def:crs:EPSG::32628', 'urn:ogc:def:crs:EPSG::4326'), 'latin1'));
    await expect(importFiles(store, [wrong])).rejects.toThrow(
      /nothing of it was kept: .*outside the world once read as EPSG:4326 .*longitude 3119554\.33, latitude 360300\.81/,
    );
    expect(rows()).toEqual(before);
  });
});

describe('offline address search over imported portals', () => {
  it('with the geocoder unreachable, finds the portal of the file (parcel not in the copy) and says the copy answered', async () => {
    // Nothing listens on port 9 of this machine: the geocoder fails the way it does offline.
    const http = new UpstreamClient({ timeoutMs: 1000, retries: 0 });
    // The copy as Spain's adapter hands it over (core/countries/es/adapter.ts: country bound once).
    const copy = {
      getParcel: store.getParcel.bind(store),
      getFinca: (ref14: string) => store.getFinca('ES', ref14),
      parcelsWithAddressWord: store.parcelsWithAddressWord.bind(store),
      importedAddressesWithWord: store.importedAddressesWithWord.bind(store),
    };
    const deps = createAddressDeps({ store: copy, http, cartociudadBaseUrl: 'http://127.0.0.1:9', callejeroBaseUrl: 'http://127.0.0.1:9' });
    const [portal] = portalsOfFile().filter((p) => p.ref === '8544911CS5284S');
    const answer = await addressCandidates({ country: 'ES', q: 'Carretera General del Sur 73, Fasnia', limit: 5 }, deps);
    expect(answer.dataSource).toBe('local_clone');
    expect(answer.candidatos[0]).toMatchObject({
      refCatastral: '8544911CS5284S',
      direccion: 'CR GENERAL DEL SUR 73 (FASNIA)',
      numero: 73,
      codigoPostal: '38570',
      municipio: 'FASNIA',
      coincideNumero: true,
      coincideMunicipio: true,
      enCopia: false,
    });
    expect(answer.candidatos[0].latitud).toBeCloseTo(portal.lat, 7);
    expect(answer.candidatos[0].longitud).toBeCloseTo(portal.lon, 7);

    // Two parcels share number 14 of the callejón: both are offered.
    const fourteen = await addressCandidates({ country: 'ES', q: 'Callejón Callejón 14, Fasnia', limit: 5 }, deps);
    expect(
      fourteen.candidatos
        .filter((c) => c.numero === 14)
        .map((c) => c.refCatastral)
        .sort(),
    ).toEqual(['8643404CS5284S', '8643406CS5284S']);
  });
});
