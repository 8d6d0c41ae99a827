import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseDnprc } from '../ovc-dnprc.js';
import { ServiceError } from '../../../model/index.js';
import { countryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';

const read = (name: string) => readFileSync(countryFixture(name), 'utf8');
const LIST_BODY = read('es_catastro_ovc-dnprc-urbana-9398516VK3799G.json');
const recorded = JSON.parse(LIST_BODY).consulta_dnprcResult;
const rawUnits: any[] = recorded.lrcdnp.rcdnp;
const refOf = (p: any) => `${p.rc.pc1}${p.rc.pc2}${p.rc.car}${p.rc.cc1}${p.rc.cc2}`;
const decimal = (text: string) => Number(text.replace(',', '.'));
const options = { ref: '9398516VK3799G', dataDate: '2026-11-23' };

function failure(body: string): ServiceError {
  try {
    parseDnprc(body, options);
  } catch (error) {
    expect(error).toBeInstanceOf(ServiceError);
    return error as ServiceError;
  }
  throw new Error('the answer was accepted');
}

describe('Consulta_DNPRC list answer (recorded, 18 properties of 9398516VK3799G)', () => {
  const answer = parseDnprc(LIST_BODY, options);

  it('lists every recorded property once, ordered by reference', () => {
    expect(answer.units.map((u) => u.ref)).toEqual(rawUnits.map(refOf).sort());
    expect(answer.units.every((u) => u.finca === '9398516VK3799G' && u.source === 'live' && u.dataDate === '2026-11-23')).toBe(true);
  });

  it('reads use, built surface, decimal-comma participation, year and floor/door of each property', () => {
    for (const raw of rawUnits) {
      const unit = answer.units.find((u) => u.ref === refOf(raw))!;
      const loint = raw.dt.locs.lous.lourb.loint ?? {};
      expect(unit).toMatchObject({
        uso: raw.debi.luso,
        superficie: Number(raw.debi.sfc),
        participacion: decimal(raw.debi.cpt),
        anio: Number(raw.debi.ant),
        escalera: loint.es ?? '',
        planta: loint.pt ?? '',
        puerta: loint.pu ?? '',
      });
    }
    const garage = answer.units.find((u) => u.ref === '9398516VK3799G0001AY')!;
    expect(garage).toMatchObject({ participacion: 8.2, planta: '-1', puerta: '', uso: 'Almacen-Estacionamiento' });
  });

  it('writes the address the way the Catastro does (compared with the recorded Consulta_RCCOOR ldt of this finca)', () => {
    const ldt: string = JSON.parse(read('es_catastro_ovc-rccoor-ok.json')).Consulta_RCCOORResult.coordenadas.coord[0].ldt;
    expect(ldt.startsWith(`${answer.finca.direccion} ${answer.finca.municipio}`)).toBe(true);
    expect(answer.units.find((u) => u.ref === '9398516VK3799G0002SU')!.direccion).toBe(`${answer.finca.direccion} Pl:01 Pt:01`);
  });

  it('gives the finca facts: declared count, postcode, municipality, province, dominant use, totals', () => {
    const surfaceByUse = new Map<string, number>();
    for (const raw of rawUnits) surfaceByUse.set(raw.debi.luso, (surfaceByUse.get(raw.debi.luso) ?? 0) + Number(raw.debi.sfc));
    const largestUse = [...surfaceByUse].sort((a, b) => b[1] - a[1])[0][0];
    expect(answer.declaredProperties).toBe(recorded.control.cudnp);
    expect(answer.finca).toMatchObject({
      ref: '9398516VK3799G',
      declaredUnits: recorded.control.cudnp,
      codigoPostal: rawUnits[0].dt.locs.lous.lourb.dp,
      municipio: rawUnits[0].dt.nm,
      provincia: rawUnits[0].dt.np,
      usoGeneral: largestUse,
      superficieTotal: rawUnits.reduce((sum, raw) => sum + Number(raw.debi.sfc), 0),
      anioConstruccion: 1997,
    });
    expect(largestUse).toBe('Residencial');
  });
});

describe('Consulta_DNPRC single-property answer (XML form, 6344205CF7664S0001GP)', () => {
  const xml = read('es_catastro_ovc_xml_Consulta_DNPRC_6344205CF7664S0001GP_from_test.xml');
  const answer = parseDnprc(xml, { ref: '6344205CF7664S0001GP', dataDate: '2026-11-23' });
  const ldt = /<ldt>([^<]*)<\/ldt>/.exec(xml)![1];

  it('reads the one property under bico with its class and constructions', () => {
    expect(answer.units).toHaveLength(1);
    const [unit] = answer.units;
    expect(unit).toMatchObject({
      ref: '6344205CF7664S0001GP',
      escalera: '1',
      planta: '00',
      puerta: 'A',
      uso: 'Residencial',
      superficie: 91,
      participacion: 1.309,
      anio: 2005,
    });
    expect(unit.descripcion).toContain('VIVIENDA');
    expect(answer.clase).toBe('Urbano');
  });

  it('builds the same address line as the answer’s own ldt', () => {
    const [unit] = answer.units;
    expect(ldt).toBe(`${unit.direccion} ${answer.finca.codigoPostal} ${answer.finca.municipio} (${answer.finca.provincia})`);
  });
});

describe('Consulta_DNPRC rustic location', () => {
  it('writes polygon, parcel and place name from lors.lorus (recorded answer with its location swapped for the documented rustic one)', () => {
    const document = JSON.parse(LIST_BODY);
    for (const p of document.consulta_dnprcResult.lrcdnp.rcdnp) {
      p.dt.locs = { lors: { lorus: { cpp: { cpo: '018', cpa: '00039' }, npa: 'LA GOLONDRINA' } } };
    }
    const answer = parseDnprc(JSON.stringify(document), options);
    expect(answer.finca.direccion).toBe('Polígono 18 Parcela 39 LA GOLONDRINA');
    expect(answer.finca.codigoPostal).toBe('');
    expect(answer.units[0].direccion).toBe('Polígono 18 Parcela 39 LA GOLONDRINA');
  });
});

describe('Consulta_DNPRC refusals and garbage', () => {
  it('maps the recorded error 17 (HTTP 200, reference missing) to 400 VALIDATION_ERROR with the source’s words', () => {
    const error = failure(read('es_catastro_ovc-dnprc-cod17.json'));
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.message).toContain('LA REFERENCIA CATASTRAL ES OBLIGATORIA');
  });

  it('maps the documented "no property" error 5 (recorded error shape) to 404 NOT_FOUND', () => {
    const body = read('es_catastro_ovc-dnprc-cod17.json')
      .replace('"17"', '"5"')
      .replace('LA REFERENCIA CATASTRAL ES OBLIGATORIA', 'NO EXISTE NINGUN INMUEBLE CON LOS PARAMETROS INDICADOS');
    expect(failure(body).code).toBe('NOT_FOUND');
  });

  it.each([
    ['the recorded answer cut in half', LIST_BODY.slice(0, LIST_BODY.length / 2)],
    ['an HTML maintenance page', '<html><body><h1>Servicio no disponible</h1></body>'],
    ['an empty body', ''],
    ['JSON of another shape', '{"something":"else"}'],
    ['truncated XML', read('es_catastro_ovc_xml_Consulta_DNPRC_6344205CF7664S0001GP_from_test.xml').slice(0, 300)],
  ])('answers 503 SERVICE_UNAVAILABLE for %s', (_label, body) => {
    const error = failure(body);
    expect(error.code).toBe('SERVICE_UNAVAILABLE');
    expect(error.message).toMatch(/Consulta_DNPRC/);
  });
});
