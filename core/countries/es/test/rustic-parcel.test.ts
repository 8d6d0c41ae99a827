import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { dnpppUrl, resolveEsSources } from '../config.js';
import { parseDnprc } from '../ovc-dnprc.js';
import { rusticReferenceCandidates } from '../reference.js';
import { rusticParts } from '../../../model/index.js';
import { requireRusticParcel } from '../../../input.js';
import { ServiceError } from '../../../model/index.js';
import { fixture } from '../../../../test/helpers/paths.js';

/** Every rustic reference of the real Segovia 40146 download. */
const rusticRefs = [
  ...gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz')))
    .toString('utf8')
    .matchAll(/<cp:nationalCadastralReference>(\d{5}[A-ZÑ]\d{8})</g),
].map((m) => m[1]);

function refusal(input: unknown): ServiceError {
  try {
    requireRusticParcel(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error(`accepted ${JSON.stringify(input)}`);
}

describe('rustic references from province, municipality, polígono and parcela', () => {
  it('names each real rustic reference of the 40146 download among the candidates of its own numbers', () => {
    expect(rusticRefs.length).toBeGreaterThan(1000);
    for (const ref of rusticRefs) {
      const parts = rusticParts(ref)!;
      const candidates = rusticReferenceCandidates({
        provincia: parts.province,
        municipio: parts.municipality,
        poligono: parts.poligono,
        parcela: parts.parcela,
      });
      expect(candidates).toContain(ref);
    }
  });

  it('gives one candidate per sector letter, Ñ included, all of the same numbers', () => {
    const candidates = rusticReferenceCandidates({ provincia: '40', municipio: '146', poligono: 5, parcela: 123 });
    expect(candidates).toHaveLength(27);
    expect(candidates).toContain('40146A00500123');
    expect(candidates).toContain('40146Ñ00500123');
    expect(new Set(candidates.map((ref) => ref.slice(0, 5) + ref.slice(6)))).toEqual(new Set(['4014600500123']));
  });
});

describe('requireRusticParcel', () => {
  it('takes digits as text or numbers and pads province and municipality as the reference writes them', () => {
    expect(requireRusticParcel({ provincia: '8', municipio: '19', poligono: '005', parcela: 123 })).toEqual({
      provincia: '08',
      municipio: '019',
      poligono: 5,
      parcela: 123,
    });
    expect(requireRusticParcel({ provincia: ' 40 ', municipio: 146, poligono: 999, parcela: '99999' })).toEqual({
      provincia: '40',
      municipio: '146',
      poligono: 999,
      parcela: 99999,
    });
  });

  it('keeps an INE code (5 digits) and names as written, trimmed, for the adapter to resolve', () => {
    expect(requireRusticParcel({ provincia: '40', municipio: '40125', poligono: '5', parcela: '23' })).toEqual({
      provincia: '40',
      municipio: '40125',
      poligono: 5,
      parcela: 23,
    });
    expect(requireRusticParcel({ provincia: ' Segovia ', municipio: 'Melque  de Cercos', poligono: 5, parcela: 23 })).toEqual({
      provincia: 'Segovia',
      municipio: 'Melque de Cercos',
      poligono: 5,
      parcela: 23,
    });
    expect(requireRusticParcel({ provincia: 'Illes Balears', municipio: 'Sant Llorenç des Cardassar', poligono: 1, parcela: 1 }).municipio).toBe(
      'Sant Llorenç des Cardassar',
    );
  });

  it.each([
    [{ municipio: '146', poligono: '5', parcela: '1' }, /'provincia' is required/],
    [{ provincia: '40', municipio: '146', poligono: '', parcela: '1' }, /'poligono' is required/],
    [{ provincia: '0', municipio: '146', poligono: '5', parcela: '1' }, /'provincia'.*1 to 52/],
    [{ provincia: '40', municipio: '1000', poligono: '5', parcela: '1' }, /'municipio'.*1 to 999/],
    [{ provincia: '40', municipio: '146', poligono: '1000', parcela: '1' }, /'poligono'.*1 to 999/],
    [{ provincia: '40', municipio: '146', poligono: '5', parcela: '100000' }, /'parcela'.*1 to 99999/],
    [{ provincia: '40', municipio: '146', poligono: '-5', parcela: '1' }, /'poligono'/],
    [{ provincia: '40', municipio: '146', poligono: 5.5, parcela: '1' }, /'poligono'/],
    [{ provincia: '40', municipio: '1x', poligono: '5', parcela: '1' }, /'municipio'.*INE's 5-digit code.*name.*"1x"/],
    [{ provincia: '40', municipio: 'Melque <de> Cercos', poligono: '5', parcela: '1' }, /'municipio'.*"Melque <de> Cercos"/],
    [{ provincia: '#40', municipio: '146', poligono: '5', parcela: '1' }, /'provincia'.*province name/],
    [{ provincia: '40', municipio: '28079', poligono: '5', parcela: '1' }, /28079 is an INE code of province 28, not of province 40/],
    [{ provincia: '40', municipio: 40125, poligono: '5', parcela: '1' }, /'municipio'.*1 to 999/],
    [null, /provincia, municipio, poligono and parcela/],
  ])('refuses %j with 400 VALIDATION_ERROR', (input, message) => {
    const error = refusal(input);
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toMatch(message);
  });
});

describe('Consulta_DNPPP_Codigos', () => {
  it('asks the codes variant with the Catastro municipality code and polígono/parcela unpadded', () => {
    const url = new URL(
      dnpppUrl(resolveEsSources({ ovcJsonBaseUrl: 'http://fake/OVCServWeb/OVCWcfCallejero/' }), {
        provincia: '40',
        municipio: '146',
        poligono: 5,
        parcela: 123,
      }),
    );
    expect(url.pathname).toBe('/OVCServWeb/OVCWcfCallejero/COVCCallejeroCodigos.svc/json/Consulta_DNPPP_Codigos');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      CodigoProvincia: '40',
      CodigoMunicipio: '146',
      CodigoMunicipioINE: '',
      Poligono: '5',
      Parcela: '123',
    });
  });

  it('reads its answer with the Consulta_DNPRC parser under its own root (recorded DNPRC answer re-rooted)', () => {
    const recorded = JSON.parse(readFileSync(fixture('es_catastro_ovc-dnprc-urbana-9398516VK3799G.json'), 'utf8'));
    const reRooted = JSON.stringify({ consulta_dnpppResult: recorded.consulta_dnprcResult });
    const asDnppp = parseDnprc(reRooted, { ref: '', subject: 'Polígono 5, parcela 123', dataDate: '2026-11-27', operation: 'dnppp' });
    const asDnprc = parseDnprc(JSON.stringify(recorded), { ref: '9398516VK3799G', dataDate: '2026-11-27' });
    expect(asDnppp).toEqual(asDnprc);
    expect(() => parseDnprc(reRooted, { ref: '9398516VK3799G', dataDate: '2026-11-27' })).toThrow(/consulta_dnprcResult/);
  });

  it('names the parcel asked in a refusal', () => {
    const body = '{"consulta_dnpppResult":{"control":{"cuerr":1},"lerr":[{"cod":"5","des":"NO EXISTE NINGUN INMUEBLE CON LOS PARAMETROS INDICADOS"}]}}';
    expect(() => parseDnprc(body, { ref: '', subject: 'Polígono 5, parcela 123', dataDate: '2026-11-27', operation: 'dnppp' })).toThrow(
      /^Polígono 5, parcela 123 was not found; the Catastro says: NO EXISTE/,
    );
  });
});
