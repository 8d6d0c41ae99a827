import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';

/**
 * The in-memory answers of GET /api/catastro/{ref} must never outlive the data they were built
 * from, whoever changes it: here a second SQLite connection stands for another process
 * (`catastro import` beside a running server, or a sibling `serve --workers` process).
 */
const SAMPLE_REF = '000700100UL74F';
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

let api: TestApi;
let otherProcess: Database.Database;
beforeAll(async () => {
  api = await startTestApi();
  otherProcess = new Database(path.join(api.dataDir, 'catastro.sqlite'));
  otherProcess.pragma('busy_timeout = 5000');
});
afterAll(async () => {
  otherProcess?.close();
  await api?.close();
});

const get = (ref: string) => api.app.inject({ method: 'GET', url: `/api/catastro/${ref}` });
/** Asked twice: an answer is kept from its second ask (asked-before.ts), so the next one comes from memory. */
const getKept = async (ref: string) => {
  await get(ref);
  return get(ref);
};

describe('GET /api/catastro/{refcat} answers kept in memory', () => {
  it('repeats the same bytes while the copy is unchanged', async () => {
    const first = await get(SAMPLE_REF);
    const second = await get(SAMPLE_REF);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(first.json().data.dataSource).toBe('clone');
  });

  it('shows a parcel change written by another connection on the next request', async () => {
    const before = (await getKept(SAMPLE_REF)).json().data;
    otherProcess.prepare('UPDATE parcels SET municipio = ?, area = area + 1 WHERE country = ? AND ref = ?').run('RENAMED BY AN IMPORT', 'ES', SAMPLE_REF);
    await nextTurn();
    const after = (await get(SAMPLE_REF)).json().data;
    expect(after.municipio).toBe('RENAMED BY AN IMPORT');
    expect(after.superficieParcela).toBe(before.superficieParcela + 1);
  });

  it('shows a building change (use, year) on the next request', async () => {
    const ref = otherProcess.prepare('SELECT ref FROM buildings WHERE anio_construccion IS NOT NULL LIMIT 1').pluck().get() as string;
    otherProcess.prepare('UPDATE parcels SET anio_construccion = NULL WHERE ref = ?').run(ref);
    await nextTurn();
    await getKept(ref);
    otherProcess.prepare('UPDATE buildings SET anio_construccion = 1801 WHERE ref = ?').run(ref);
    await nextTurn();
    expect((await get(ref)).json().data.anioConstruccion).toBe(1801);
  });

  it('a deleted parcel is not found any more, and a bad reference is still a 400', async () => {
    const ref = otherProcess.prepare("SELECT ref FROM parcels WHERE country = 'ES' AND ref <> ? LIMIT 1").pluck().get(SAMPLE_REF) as string;
    expect((await getKept(ref)).statusCode).toBe(200);
    otherProcess.transaction(() => {
      const id = otherProcess.prepare("SELECT id FROM parcels WHERE country = 'ES' AND ref = ?").pluck().get(ref);
      otherProcess.prepare('DELETE FROM parcels_rtree WHERE id = ?').run(id);
      otherProcess.prepare('DELETE FROM parcels WHERE id = ?').run(id);
      otherProcess.prepare('DELETE FROM buildings WHERE ref = ?').run(ref);
    })();
    await nextTurn();
    const gone = await get(ref);
    expect(gone.statusCode).not.toBe(200);
    expect(gone.json().success).toBe(false);
    const bad = await get('NOT-A-REFERENCE');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_ERROR');
  });
});
