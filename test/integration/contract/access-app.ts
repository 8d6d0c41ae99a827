import Database from 'better-sqlite3';
import Fastify, { type FastifyInstance } from 'fastify';
import { handleError, handleNotFound } from '../../../core/api/envelope.js';
import { sqliteAccess } from '../../../core/auth/access-stores.js';
import apiAccessPlugin, { type ApiAccessOptions } from '../../../core/api/plugins/access.js';
import { OPEN_ROUTE, ORGANISATION_ROUTE } from '../../../core/api/plugins/route-access.js';
import { KeyStore } from '../../../core/auth/key-store.js';
import type { Clock } from '../../../core/auth/periods.js';
import { QuotaLedger } from '../../../core/auth/quota.js';
import type { Tier } from '../../../core/auth/tiers.js';
import { notFound, ServiceError } from '../../../core/model/index.js';

export const API_VERSION = '2026-10-01';

export interface AccessApp {
  app: FastifyInstance;
  db: Database.Database;
  keys: KeyStore;
  ledger: QuotaLedger;
  /** How many times the parcel route's handler ran (to prove refusals happen before the work). */
  handlerCalls(): number;
  newKey(tier: Tier, extra?: { organisation?: boolean; expiresOn?: string }): { key: string; id: string };
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A unit of a finca, the shape of the units page (spec: Unit object). */
const unit = (i: number) => ({
  refCatastral: `9398516VK3799G${String(i + 1).padStart(4, '0')}AB`,
  escalera: '',
  planta: '01',
  puerta: 'A',
  uso: 'Residencial',
  superficie: 80,
  descripcion: 'VIVIENDA',
  participacion: 5.5,
  anio: 1975,
  direccion: 'CL X 1',
});

/**
 * A small fastify app with the real error envelope, the real access plugins, and stand-in
 * routes shaped like the spec's endpoints, so the access layer is tested on its own (the
 * lead's buildApiServer wires the same plugins in front of the real routes).
 */
export async function startAccessApp(
  options: Partial<Omit<ApiAccessOptions, 'access' | 'version'>> & { dbFile?: string; clock?: Clock } = {},
): Promise<AccessApp> {
  const db = new Database(options.dbFile ?? ':memory:');
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  const app = Fastify({ logger: false });
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  await app.register(apiAccessPlugin, {
    auth: options.auth ?? 'keys',
    access: sqliteAccess(db, options.clock),
    version: API_VERSION,
    freeTier: options.freeTier,
    clock: options.clock,
  });

  let calls = 0;
  app.get('/api/catastro/:refcat', async (request) => {
    calls++;
    const { refcat } = request.params as { refcat: string };
    if (refcat === 'NOPE0000000000') throw notFound('No parcel NOPE0000000000.');
    if (refcat === 'DOWN0000000000') throw new ServiceError('SERVICE_UNAVAILABLE', 'source down');
    if (refcat === 'AMBIG') throw new ServiceError('CNV_AMBIGUOUS', 'several countries', { candidateCountries: ['LV', 'EE'] });
    if (refcat === 'SLOW') await sleep(Math.random() * 20);
    return { success: true, data: { refCatastral: refcat, pais: 'ES' } };
  });
  app.get('/api/catastro/:refcat/units', { config: ORGANISATION_ROUTE }, async (request) => {
    const count = Number((request.query as { n?: string }).n ?? '3');
    return { success: true, data: { refCatastral: '9398516VK3799G', unidades: Array.from({ length: count }, (_, i) => unit(i)), truncated: false } };
  });
  app.get('/api/catastro/:refcat/solar', async () => ({ success: true, data: { disponible: false, estado: 'sin_datos' } }));
  app.get('/api/catastro/:refcat/agro', async () => ({ success: true, data: { agro: null } }));
  app.get('/api/catastro/:refcat/score', async () => ({ success: true, data: null }));
  app.get('/api/catastro/:refcat/terrain', async (_request, reply) => {
    reply.quotaCost = 0;
    return { success: true, data: { refcat: 'X', country: 'ES' } };
  });
  app.get('/api/search/address/candidates', async (request) => {
    const { q } = request.query as { q?: string };
    if (q === 'nowhere') throw notFound('No address matches.');
    return { success: true, data: { consulta: { texto: q }, candidatos: [{ refCatastral: '0472511VK3507S' }], attribution: 'x' } };
  });
  app.get('/api/export/kml', async (_request, reply) => {
    reply.type('application/vnd.google-earth.kml+xml');
    return '<kml/>';
  });
  app.get('/api/status', { config: OPEN_ROUTE }, async () => ({ success: true, data: { version: API_VERSION } }));
  app.get('/api/openapi.json', { config: OPEN_ROUTE }, async () => ({ openapi: '3.1.0' }));
  app.get('/api/tiles/parcels/:z/:x/:y', async () => 'tile');

  await app.ready();
  const keys = new KeyStore(db, options.clock);
  const ledger = new QuotaLedger(db, options.clock);
  return {
    app,
    db,
    keys,
    ledger,
    handlerCalls: () => calls,
    newKey(tier, extra = {}) {
      const { key, record } = keys.create({ tier, ...extra });
      return { key, id: record.id };
    },
    async close() {
      await app.close();
      db.close();
    },
  };
}

/** A settable clock for month/day boundaries. */
export function manualClock(iso: string): Clock & { set(iso: string): void } {
  let now = new Date(iso);
  const clock = (() => new Date(now)) as Clock & { set(iso: string): void };
  clock.set = (next: string) => {
    now = new Date(next);
  };
  return clock;
}
