import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAddressDeps } from '../../../core/address/deps.js';
import { handleError, handleNotFound } from '../../../core/api/envelope.js';
import apiAccessPlugin from '../../../core/api/plugins/access.js';
import { addressRoutes } from '../../../core/api/routes/address.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { QuotaLedger } from '../../../core/auth/quota.js';
import type { CountryCode } from '../../../core/model/index.js';
import type { StoredFinca, StoredParcel } from '../../../core/store/types.js';
import { UpstreamClient } from '../../../core/upstream/upstream-client.js';
import { startFakeCallejero, type FakeCallejero } from '../../fake-upstream/callejero.js';
import { startFakeCartoCiudad, type FakeCartoCiudad, type HumanesPortal } from '../../fake-upstream/cartociudad.js';

const TYPE_CODES: Record<string, string> = { CALLE: 'CL', AVENIDA: 'AV', CAMINO: 'CM', PLAZA: 'PZ', TRAVESIA: 'TR' };

/**
 * A stand-in for the local copy: real Humanes portals (reference, position, postcode) as
 * parcels, with the address written the way the Catastro writes it (type code, name, number,
 * municipality) and copy facts (use, dwellings, year) that tests set. Satisfies the store's
 * `getParcel` and has a `parcels` table with `direccion`, like core/store's.
 */
export class FakeCopy {
  readonly db = new Database(':memory:');
  private readonly parcels = new Map<string, StoredParcel>();
  private readonly fincas = new Map<string, StoredFinca>();

  constructor() {
    this.db.exec('CREATE TABLE parcels (ref TEXT PRIMARY KEY, country TEXT NOT NULL, direccion TEXT)');
    this.db.exec('CREATE TABLE fincas (ref TEXT PRIMARY KEY, direccion TEXT)');
  }

  /** Finca facts as they come with units (CAT file or live Consulta_DNPRC). */
  addFinca(finca: StoredFinca): void {
    this.fincas.set(finca.ref, finca);
    this.db.prepare('INSERT OR REPLACE INTO fincas VALUES (?, ?)').run(finca.ref, finca.direccion);
  }

  getFinca(ref14: string): StoredFinca | undefined {
    return this.fincas.get(ref14);
  }

  add(portal: HumanesPortal, facts: Partial<StoredParcel> = {}): StoredParcel {
    const [lon, lat] = [portal.lng, portal.lat];
    const d = 0.0001;
    const parcel: StoredParcel = {
      ref: portal.ref!,
      country: 'ES',
      geometry: { type: 'Polygon', coordinates: [[[lon - d, lat - d], [lon + d, lat - d], [lon + d, lat + d], [lon - d, lat + d], [lon - d, lat - d]]] },
      centroid: [lon, lat],
      areaM2: 200,
      municipio: portal.municipality.toUpperCase(),
      provincia: portal.province.toUpperCase(),
      direccion: `${TYPE_CODES[portal.tipoVia]} ${portal.street} ${portal.numero} ${portal.municipality.toUpperCase()} (${portal.province.toUpperCase()})`,
      codigoPostal: portal.postcodes[0],
      source: 'live',
      dataDate: '2026-11-01',
      ...facts,
    };
    this.parcels.set(parcel.ref, parcel);
    this.db.prepare('INSERT OR REPLACE INTO parcels VALUES (?, ?, ?)').run(parcel.ref, parcel.country, parcel.direccion ?? null);
    return parcel;
  }

  getParcel(country: CountryCode, ref: string): StoredParcel | undefined {
    const parcel = this.parcels.get(ref);
    return parcel && parcel.country === country ? parcel : undefined;
  }
}

export interface AddressApp {
  app: FastifyInstance;
  geocoder: FakeCartoCiudad;
  callejero: FakeCallejero;
  copy: FakeCopy;
  key: string;
  keyId: string;
  ledger: QuotaLedger;
  close(): Promise<void>;
}

/** The address routes behind the real access plugins, wired to the fakes as the lead would wire the real sources. */
export async function startAddressApp(seedCopy: (copy: FakeCopy, portals: HumanesPortal[]) => void = () => {}): Promise<AddressApp> {
  const geocoder = await startFakeCartoCiudad();
  const callejero = await startFakeCallejero();
  const copy = new FakeCopy();
  seedCopy(copy, geocoder.portals);
  const accessDb = new Database(':memory:');
  const app = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } } });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  await app.register(apiAccessPlugin, { auth: 'keys', db: accessDb, version: '2026-10-01' });
  // The real upstream client (timeouts, retries, breaker), tuned short for tests.
  const http = new UpstreamClient({ timeoutMs: 1500, retries: 1, baseDelayMs: 5, breakerHalfOpenAfterMs: 200 });
  const deps = createAddressDeps({ store: copy, http, cartociudadBaseUrl: geocoder.url, callejeroBaseUrl: callejero.url });
  await app.register(addressRoutes, { deps });
  await app.ready();
  const { key, record } = new KeyStore(accessDb).create({ tier: 'basic' });
  return {
    app, geocoder, callejero, copy, key, keyId: record.id, ledger: new QuotaLedger(accessDb),
    async close() {
      await app.close();
      await geocoder.close();
      await callejero.close();
      accessDb.close();
      copy.db.close();
    },
  };
}
