import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { apiForTests } from '../../helpers/api-harness.js';
import { fixture } from '../../helpers/paths.js';
import { expectSpecParcel, expectSpecUnitsPage } from '../../helpers/spec-fields.js';

/** The recorded Consulta_DNPRC answer for finca 9398516VK3799G lists its properties. */
const recorded = JSON.parse(readFileSync(fixture('es_catastro_ovc-dnprc-urbana-9398516VK3799G.json'), 'utf8'));
const recordedRefs: string[] = recorded.consulta_dnprcResult.lrcdnp.rcdnp.map((p: any) => `${p.rc.pc1}${p.rc.pc2}${p.rc.car}${p.rc.cc1}${p.rc.cc2}`).sort();

const api = apiForTests();

const get = (url: string) => api.app.inject({ method: 'GET', url });

describe('GET /api/catastro/{refcat14}/units', () => {
  it('reads the finca live the first time, with every recorded unit ordered by reference', async () => {
    const response = await get('/api/catastro/9398516VK3799G/units');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.refCatastral).toBe('9398516VK3799G');
    expect(data.dataSource).toBe('catastro');
    expect(data.unidades.map((u: any) => u.refCatastral)).toEqual(recordedRefs);
    expect(data.totalUnidadesFinca).toBe(recorded.consulta_dnprcResult.control.cudnp);
    expect(data.truncated).toBe(false);
    expect(data.dataDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.attribution).toContain('Catastro');
    expectSpecUnitsPage('live page', data);
    const first = recorded.consulta_dnprcResult.lrcdnp.rcdnp.find((p: any) => `${p.rc.pc1}${p.rc.pc2}${p.rc.car}${p.rc.cc1}${p.rc.cc2}` === recordedRefs[0]);
    const unit = data.unidades[0];
    expect(unit.uso).toBe(first.debi.luso);
    expect(unit.superficie).toBe(Number(first.debi.sfc));
    expect(unit.participacion).toBeCloseTo(Number(first.debi.cpt.replace(',', '.')), 6);
  });

  it('serves the same units from the copy afterwards', async () => {
    const response = await get('/api/catastro/9398516VK3799G/units');
    const { data } = response.json();
    expect(data.dataSource).toBe('clone');
    expect(data.unidades.map((u: any) => u.refCatastral)).toEqual(recordedRefs);
    expectSpecUnitsPage('page from the copy', data);
  });

  it('accepts a 20-character reference and cuts it to the finca', async () => {
    const response = await get(`/api/catastro/${recordedRefs[3]}/units`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.refCatastral).toBe('9398516VK3799G');
  });

  it('answers one unit by its 20-character reference with the unit fields', async () => {
    const response = await get(`/api/catastro/${recordedRefs[5]}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.refCatastral).toBe(recordedRefs[5]);
    expect(typeof data.participacion).toBe('number');
    expect(typeof data.planta).toBe('string');
    expectSpecParcel('ES unit', data);
    // Spec: the unit's superficieConstruida is its superficie in the units list; the other unit fields are the list's too.
    const listed = (await get('/api/catastro/9398516VK3799G/units')).json().data.unidades.find((u: any) => u.refCatastral === recordedRefs[5]);
    expect(data.superficieConstruida).toBe(listed.superficie);
    expect(data).toMatchObject({
      uso: listed.uso,
      participacion: listed.participacion,
      escalera: listed.escalera,
      planta: listed.planta,
      puerta: listed.puerta,
    });
  });

  it('continues after a cursor of the same finca', async () => {
    const response = await get(`/api/catastro/9398516VK3799G/units?cursor=${recordedRefs[9]}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.unidades.map((u: any) => u.refCatastral)).toEqual(recordedRefs.slice(10));
  });

  it.each([
    ['a cursor of another finca', '/api/catastro/9398516VK3799G/units?cursor=7837301VG8173B0001TT'],
    ['a malformed cursor', '/api/catastro/9398516VK3799G/units?cursor=abc'],
  ])('answers 400 for %s', async (_label, url) => {
    const response = await get(url);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it.each(['PV', 'NA'])('answers 422 CNV_COVERAGE for country=%s', async (country) => {
    const response = await get(`/api/catastro/9398516VK3799G/units?country=${country}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().code).toBe('CNV_COVERAGE');
  });
});
