import { describe, expect, it } from 'vitest';
import { CallejeroClient } from '../../../core/countries/es/address/callejero.js';
import { CartoCiudadClient, parseCandidate } from '../../../core/countries/es/address/cartociudad.js';
import type { TextFetcher } from '../../../core/address/ports.js';

/** A fetcher answering one fixed body and remembering the URL it was asked for. */
function stub(body: string, status = 200): TextFetcher & { urls: string[] } {
  const urls: string[] = [];
  return {
    urls,
    async getText(url) {
      urls.push(url);
      return { status, body, contentType: 'application/json' };
    },
  };
}

describe('CartoCiudad client (documented fields, SOURCES.md §1.8)', () => {
  it('asks the candidates operation with q, limit, the excluded types and the postcode filter', async () => {
    const http = stub('[]');
    await new CartoCiudadClient(http, 'http://127.0.0.1:1/geocoder/api/geocoder/').candidates('AVENIDA Fuenlabrada 6, Humanes', {
      limit: 20,
      postcode: '28970',
    });
    const url = new URL(http.urls[0]);
    expect(url.pathname).toBe('/geocoder/api/geocoder/candidates');
    expect(url.searchParams.get('q')).toBe('AVENIDA Fuenlabrada 6, Humanes');
    expect(url.searchParams.get('limit')).toBe('20');
    expect(url.searchParams.get('cod_postal_filter')).toBe('28970');
    expect(url.searchParams.get('no_process')?.split(',')).not.toContain('portal');
    expect(url.searchParams.get('no_process')?.split(',')).not.toContain('callejero');
  });

  it('reads numbers given as text and drops entries without an address', () => {
    expect(
      parseCandidate({
        address: 'FUENLABRADA',
        tip_via: 'AVENIDA',
        portalNumber: '6',
        lat: '40.26',
        lng: -3.81,
        refCatastral: '0472511VK3507S',
        noNumber: false,
      }),
    ).toMatchObject({ address: 'FUENLABRADA', tipVia: 'AVENIDA', portalNumber: 6, lat: 40.26, lng: -3.81, refCatastral: '0472511VK3507S', noNumber: false });
    expect(parseCandidate({ type: 'portal' })).toBeUndefined();
    expect(parseCandidate(null)).toBeUndefined();
  });

  it.each([
    ['not JSON', '<html>maintenance</html>', 200],
    ['JSON that is not a list', '{"error":"x"}', 200],
    ['HTTP 404', '[]', 404],
  ])('%s → SERVICE_UNAVAILABLE', async (_name, body, status) => {
    await expect(new CartoCiudadClient(stub(body, status)).candidates('x')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});

describe('OVCCallejero client (element names of SOURCES.md §1.4)', () => {
  it('reads lists with one or several elements, keeps codes as written, and reads lerr', async () => {
    const one = `<?xml version="1.0" encoding="utf-8"?><consulta_municipiero xmlns="http://www.catastro.meh.es/"><control><cumun>1</cumun></control>
      <municipiero><muni><nm>HUMANES DE MADRID</nm><loine><cp>28</cp><cm>073</cm></loine></muni></municipiero></consulta_municipiero>`;
    const client = new CallejeroClient(stub(one), 'http://127.0.0.1:1/OVCCallejero.asmx');
    expect((await client.municipalities('MADRID', 'HUMANES')).items).toEqual([{ name: 'HUMANES DE MADRID', provinceCode: '28', municipalityCode: '073' }]);

    // The element a Serenity test asserts in the real service's answer for VIGO (callejero.ts): the Catastro's codes in locat beside INE's in loine.
    const vigo = `<consulta_municipiero xmlns="http://www.catastro.meh.es/"><control><cumun>1</cumun></control><municipiero>
      <muni><nm>VIGO</nm><locat><cd>54</cd><cmc>57</cmc></locat><loine><cp>36</cp><cm>57</cm></loine></muni></municipiero></consulta_municipiero>`;
    expect((await new CallejeroClient(stub(vigo)).municipalities('PONTEVEDRA', 'VIGO')).items).toEqual([
      { name: 'VIGO', provinceCode: '36', municipalityCode: '57', catastroDelegation: '54', catastroCode: '057' },
    ]);

    const numbers = `<consulta_numerero xmlns="http://www.catastro.meh.es/"><control><cunum>2</cunum></control><numerero>
      <nump><pc><pc1>1178303</pc1><pc2>VK3517N</pc2></pc><num><pnp>31</pnp></num></nump>
      <nump><pc><pc1>1178304</pc1><pc2>VK3517N</pc2></pc><num><pnp>33</pnp></num></nump></numerero></consulta_numerero>`;
    const http = stub(numbers);
    const list = await new CallejeroClient(http, 'http://127.0.0.1:1/OVCCallejero.asmx').numbers('MADRID', 'HUMANES DE MADRID', 'CL', 'MADROÑO', 31);
    expect(list.items).toEqual([
      { number: '31', ref14: '1178303VK3517N' },
      { number: '33', ref14: '1178304VK3517N' },
    ]);
    const url = new URL(http.urls[0]);
    expect(url.pathname).toBe('/OVCCallejero.asmx/ConsultaNumero');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      Provincia: 'MADRID',
      Municipio: 'HUMANES DE MADRID',
      TipoVia: 'CL',
      NomVia: 'MADROÑO',
      Numero: '31',
    });

    const error = `<consulta_municipiero xmlns="http://www.catastro.meh.es/"><control><cuerr>1</cuerr></control><lerr><err><cod>12</cod><des>LA PROVINCIA NO EXISTE</des></err></lerr></consulta_municipiero>`;
    expect(await new CallejeroClient(stub(error)).municipalities('NARNIA', 'X')).toEqual({
      items: [],
      errors: [{ code: '12', description: 'LA PROVINCIA NO EXISTE' }],
    });
  });

  it('an answer that is not a consulta document → SERVICE_UNAVAILABLE', async () => {
    await expect(new CallejeroClient(stub('<html><body>Error</body></html>')).provinces()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    await expect(new CallejeroClient(stub('', 404)).provinces()).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
