import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BatchState } from '../../../core/model/index.js';
import { startTestApi, type TestApi } from '../../helpers/api-harness.js';
import { repoRoot } from '../../helpers/paths.js';
import { tempDir } from '../../helpers/temp-dir.js';

/** Bundled sample parcels: rustic (polígono 4, parcela 5051; 1,086 m²) and urban; a finca only the live Catastro holds. */
const RUSTIC = '40146A00405051';
const URBAN = '000700100UL74F';
const LIVE_ONLY = '9398516VK3799G';

let api: TestApi;
const dir = tempDir('catastro-batch-outputs-');
beforeAll(async () => {
  api = await startTestApi({ auth: 'off' });
});
afterAll(async () => {
  await api?.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) => api.app.inject({ method, url, ...(payload && { payload }) });

async function runBatch(csv: string, name: string): Promise<BatchState> {
  const started = await call('POST', '/api/batch', { csv, name });
  expect(started.statusCode, started.body).toBe(202);
  for (let i = 0; i < 400; i++) {
    const state = (await call('GET', `/api/batch/${started.json().data.id}`)).json().data as BatchState;
    if (state.state === 'done') return state;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('batch did not finish');
}

describe('batch results as their users open them', () => {
  let semicolonBatch: BatchState;
  beforeAll(async () => {
    // As a Spanish Excel saves it: semicolons, an accent; the live-only finca asked while the Catastro is down.
    api.fake.setFault({ kind: 'status', status: 503 });
    try {
      semicolonBatch = await runBatch(`referencia;nota\n${RUSTIC};olivar\n${URBAN};nave\nXYZ;errata\n${LIVE_ONLY};piso Madrid\n`, 'fincas.csv');
    } finally {
      api.fake.setFault({ kind: 'none' });
    }
  }, 60_000);

  it('writes a semicolon input back with semicolons, decimal commas and a UTF-8 BOM, with rustic columns and the next step of each failure', async () => {
    const response = await call('GET', `/api/batch/${semicolonBatch.id}/result.csv`);
    expect(response.statusCode).toBe(200);
    const bytes = response.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8').slice(1);
    expect(text.split('\n')[0].split(';').length).toBeGreaterThan(20);
    expect(text.split('\n')[0]).not.toContain(',');
    const rows = parse(text, { delimiter: ';', columns: true }) as Record<string, string>[];
    const byRef = new Map(rows.map((row) => [row.in_referencia, row]));

    const rustic = byRef.get(RUSTIC)!;
    expect(rustic).toMatchObject({ status: 'found', rustico_poligono: '4', rustico_parcela: '5051', superficie_ha: '0,1086', next_step: '' });
    expect(rustic.latitud).toMatch(/^41,\d+$/);
    expect(rustic.attribution).toBe('Dirección General del Catastro');
    expect(byRef.get(URBAN)).toMatchObject({ status: 'found', rustico_poligono: '', rustico_parcela: '' });

    // A typo is the user's to fix; a source that could not be asked is a retry when online.
    expect(byRef.get('XYZ')).toMatchObject({ status: 'failed', code: 'VALIDATION_ERROR', next_step: 'fix_row' });
    expect(byRef.get(LIVE_ONLY)).toMatchObject({ status: 'failed', code: 'SERVICE_UNAVAILABLE', next_step: 'retry_online' });
  });

  it("says each failure's reason in the language asked, as the app's dialog does, the service's own words beside it", async () => {
    const rowsIn = async (lang: string) => {
      const response = await call('GET', `/api/batch/${semicolonBatch.id}/result.csv?lang=${lang}`);
      expect(response.statusCode, response.body).toBe(200);
      const rows = parse(response.rawPayload.toString('utf8').slice(1), { delimiter: ';', columns: true }) as Record<string, string>[];
      return new Map(rows.map((row) => [row.in_referencia, row]));
    };
    const spanish = await rowsIn('es-ES');
    expect(spanish.get('XYZ')).toMatchObject({
      code: 'VALIDATION_ERROR',
      next_step: 'fix_row',
      reason: 'La fila está mal formada: revise la referencia o las coordenadas.',
    });
    expect(spanish.get('XYZ')!.detail).toContain('XYZ');
    expect(spanish.get(LIVE_ONLY)).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      next_step: 'retry_online',
      reason: 'No se pudo consultar la fuente oficial (sin conexión, o no responde).',
    });
    expect(spanish.get(RUSTIC)).toMatchObject({ status: 'found', reason: '', detail: '' });
    // Each language its own file: asked in German after Spanish, the German sentence.
    expect((await rowsIn('de')).get('XYZ')!.reason).toBe('Die Zeile ist fehlerhaft: prüfen Sie das Kennzeichen oder die Koordinaten.');
    // Not asked: English, as the API's other texts.
    const english = (await call('GET', `/api/batch/${semicolonBatch.id}/result.geojson`)).json();
    const typo = english.features.find((feature: { properties: Record<string, string> }) => feature.properties.in_referencia === 'XYZ');
    expect(typo.properties.reason).toBe('The row is malformed: check the reference or the coordinates.');
    const unknown = await call('GET', `/api/batch/${semicolonBatch.id}/result.csv?lang=tlh`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('catastro batch --lang writes the reasons in that language', () => {
    // A fresh data folder: the sample is imported on first use; the typo is refused without asking anyone.
    const data = tempDir('catastro-batch-lang-');
    const input = path.join(data, 'refs.csv');
    writeFileSync(input, 'referencia,nota\nXYZ,errata\n');
    const output = path.join(data, 'out.csv');
    const run = spawnSync(process.execPath, ['bin/catastro.js', 'batch', input, '-o', output, '--lang', 'fr', '--data', data], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const [row] = parse(readFileSync(output, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ code: 'VALIDATION_ERROR', reason: 'La ligne est mal formée : vérifiez la référence ou les coordonnées.' });
  }, 120_000);

  it('keeps a comma input a plain comma CSV without BOM, for scripts', async () => {
    const batch = await runBatch(`refcat,nota\n${RUSTIC},a\n`, 'plain.csv');
    const bytes = (await call('GET', `/api/batch/${batch.id}/result.csv`)).rawPayload;
    expect(bytes[0]).not.toBe(0xef);
    const [row] = parse(bytes.toString('utf8'), { columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ in_refcat: RUSTIC, rustico_poligono: '4', superficie_ha: '0.1086' });
  });

  it("writes a one-column input (nothing to follow) in the spreadsheet style of the user's language", async () => {
    // A plain list of references, as a Spanish user pastes it: no separator in its header, so the
    // answers came back comma-separated without a BOM, one column and broken accents in a Spanish Excel.
    const batch = await runBatch(`referencia\n${RUSTIC}\n`, 'lista.csv');
    const spanish = (await call('GET', `/api/batch/${batch.id}/result.csv?lang=es`)).rawPayload;
    expect([...spanish.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [row] = parse(spanish.toString('utf8').slice(1), { delimiter: ';', columns: true }) as Record<string, string>[];
    expect(row).toMatchObject({ in_referencia: RUSTIC, rustico_poligono: '4', superficie_ha: '0,1086' });
    // Read in English: an English spreadsheet's comma CSV.
    const english = (await call('GET', `/api/batch/${batch.id}/result.csv?lang=en`)).rawPayload;
    expect(english[0]).not.toBe(0xef);
    expect(parse(english.toString('utf8'), { columns: true })).toEqual([expect.objectContaining({ in_referencia: RUSTIC, superficie_ha: '0.1086' })]);
  });

  it('styles the KML of the parcels found (outline and a see-through fill) and GDAL reads it', async () => {
    const response = await call('GET', `/api/batch/${semicolonBatch.id}/result.kml`);
    expect(response.statusCode).toBe(200);
    const kml = response.body;
    expect(kml).toMatch(/<Style id="parcel">\s*<LineStyle>\s*<color>ff0f48d9<\/color>/);
    expect(kml).toMatch(/<PolyStyle>\s*<color>400f48d9<\/color>/);
    expect(kml.match(/<styleUrl>#parcel<\/styleUrl>/g)).toHaveLength(2);
    const file = path.join(dir, 'result.kml');
    writeFileSync(file, kml);
    const info = spawnSync('ogrinfo', ['-ro', '-al', '-so', file], { encoding: 'utf8' });
    expect(info.status, info.stderr).toBe(0);
    expect(info.stdout).toMatch(/Feature Count: 2\n/);
    expect(info.stderr).not.toMatch(/ERROR/);
  });
});
