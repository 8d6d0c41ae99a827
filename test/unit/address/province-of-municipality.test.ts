import { describe, expect, it } from 'vitest';
import type { TextFetcher } from '../../../core/address/ports.js';
import { CartoCiudadClient } from '../../../core/countries/es/address/cartociudad.js';
import { provinceOfMunicipality } from '../../../core/countries/es/address/province-of-municipality.js';
import type { OfflineArea } from '../../../core/model/index.js';

/** A fetcher that remembers every URL asked and answers CartoCiudad's municipio candidates given. */
function geocoderAnswering(candidates: unknown[]): TextFetcher & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    async getText(url) {
      urls.push(url);
      return { status: 200, body: JSON.stringify(candidates), contentType: 'application/json' };
    },
  };
}

/** An offline area as a download of the Catastro's service records it (the fixture 40146's names). */
const area = (code: string, name: string, province: string): OfflineArea => ({
  id: `ES.${code}`,
  country: 'ES',
  code,
  name,
  province,
  source: `A.ES.SDGC.CP.${code}.zip`,
  parcels: 1,
  buildings: 0,
  bytes: 1,
  updatedAt: '2026-11-01T00:00:00Z',
});

const melque = { type: 'municipio', address: 'Melque de Cercos', muni: 'Melque de Cercos', muniCode: '40125', province: 'Segovia', provinceCode: '40' };

describe('the province of a municipality named without one (endpoint 5)', () => {
  it('a municipality the copy holds as an offline area asks no network', async () => {
    const http = geocoderAnswering([melque]);
    const province = await provinceOfMunicipality('melque de cércos', {
      offlineAreas: () => [area('40146', 'MELQUE DE CERCOS', 'SEGOVIA'), area('28073', 'HUMANES DE MADRID', 'MADRID')],
      geocoder: new CartoCiudadClient(http),
    });
    expect(province).toEqual({ code: '40', name: 'SEGOVIA' });
    expect(http.urls).toEqual([]);
  });

  it('a name no offline area bears is asked of the geocoder, as a municipality only', async () => {
    const http = geocoderAnswering([melque]);
    const province = await provinceOfMunicipality('Melque de Cercos', {
      offlineAreas: () => [area('28073', 'HUMANES DE MADRID', 'MADRID'), { ...area('91216', 'Épinay-sur-Orge', ''), country: 'FR' }],
      geocoder: new CartoCiudadClient(http, 'http://127.0.0.1:1/geocoder/api/geocoder'),
    });
    expect(province).toEqual({ code: '40', name: 'Segovia' });
    expect(http.urls).toHaveLength(1);
    const asked = new URL(http.urls[0]).searchParams;
    expect(asked.get('q')).toBe('Melque de Cercos');
    expect(asked.get('no_process')?.split(',')).not.toContain('municipio');
    expect(asked.get('no_process')?.split(',')).toEqual(expect.arrayContaining(['portal', 'callejero', 'provincia', 'poblacion', 'toponimo']));
  });

  it('two offline areas of the name (two provinces) do not decide: the geocoder is asked', async () => {
    const http = geocoderAnswering([]);
    await expect(
      provinceOfMunicipality('Arroyomolinos', {
        offlineAreas: () => [area('28015', 'ARROYOMOLINOS', 'MADRID'), area('10023', 'ARROYOMOLINOS', 'CACERES')],
        geocoder: new CartoCiudadClient(http),
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(http.urls).toHaveLength(1);
  });
});
