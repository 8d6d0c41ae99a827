import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { handleError, handleNotFound } from '../../../core/api/envelope.js';
import { sqliteAccess } from '../../../core/auth/access-stores.js';
import apiAccessPlugin from '../../../core/api/plugins/access.js';
import { addressRoutes } from '../../../core/api/routes/address.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import { QuotaLedger } from '../../../core/auth/quota.js';
import { CatastroService } from '../../../core/service.js';
import type { ParcelStore } from '../../../core/store/parcel-store.js';
import type { StoredFinca, StoredParcel } from '../../../core/model/records.js';
import { startFakeCallejero, type FakeCallejero } from '../../fake-upstream/callejero.js';
import { startFakeCartoCiudad, type FakeCartoCiudad, type HumanesPortal } from '../../fake-upstream/cartociudad.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';
import { boxAround } from '../../helpers/box-around.js';

const TYPE_CODES: Record<string, string> = { CALLE: 'CL', AVENIDA: 'AV', CAMINO: 'CM', PLAZA: 'PZ', TRAVESIA: 'TR' };

/**
 * Seeds the real local copy with real Humanes portals (reference, position, postcode) as
 * parcels, with the address written the way the Catastro writes it (type code, name, number,
 * municipality) and copy facts (use, dwellings, year) that tests set.
 */
export class FakeCopy {
  constructor(private readonly store: ParcelStore) {}

  /** Finca facts as they come with units (CAT file or live Consulta_DNPRC). */
  addFinca(finca: StoredFinca): void {
    this.store.upsertFinca('ES', finca);
  }

  /** A downloaded municipality as the copy lists it among its offline areas (its parcels aside). */
  addOfflineArea(code: string, name: string, province: string): void {
    this.store.db
      .prepare(
        `INSERT INTO offline_areas (id, country, code, name, province, source, parcels, updated_at)
      VALUES (?, 'ES', ?, ?, ?, ?, 0, ?)`,
      )
      .run(`ES.${code}`, code, name, province, `A.ES.SDGC.CP.${code}.zip`, new Date().toISOString());
  }

  add(portal: HumanesPortal, facts: Partial<StoredParcel> = {}): StoredParcel {
    const [lon, lat] = [portal.lng, portal.lat];
    const d = 0.0001;
    const parcel: StoredParcel = {
      ref: portal.ref!,
      country: 'ES',
      geometry: boxAround(lon, lat, d),
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
    this.store.upsertParcels([parcel]);
    return parcel;
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
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-address-'));
  // The real facade and store, Spain's address sources at the fakes; the real upstream client
  // (timeouts, retries, breaker), tuned short for tests.
  const service = await CatastroService.open({
    dataDir,
    importSample: false,
    sources: { es: { cartociudadBaseUrl: geocoder.url, callejeroBaseUrl: callejero.url } },
    upstream: { timeoutMs: 1500, retries: 1, baseDelayMs: 5, breakerHalfOpenAfterMs: 200 },
  });
  const copy = new FakeCopy(embeddedCopy(service));
  seedCopy(copy, geocoder.portals);
  const accessDb = new Database(':memory:');
  const app = Fastify({ logger: false, ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false } } });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  await app.register(apiAccessPlugin, { auth: 'keys', access: sqliteAccess(accessDb), version: '2026-10-01' });
  await app.register(addressRoutes, { service });
  await app.ready();
  const { key, record } = new KeyStore(accessDb).create({ tier: 'basic' });
  return {
    app,
    geocoder,
    callejero,
    copy,
    key,
    keyId: record.id,
    ledger: new QuotaLedger(accessDb),
    async close() {
      await app.close();
      await geocoder.close();
      await callejero.close();
      accessDb.close();
      service.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
