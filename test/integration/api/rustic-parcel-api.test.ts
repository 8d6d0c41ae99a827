import { describe, expect, it } from 'vitest';
import { apiForTests } from '../../helpers/api-harness.js';
import { officialSegoviaArea } from '../../helpers/official-area.js';
import { DNPPP_ASKED } from '../../fake-upstream/catastro.js';
import { embeddedCopy } from '../../helpers/embedded-copy.js';

const api = apiForTests();

const get = (query: string) => api.app.inject({ method: 'GET', url: `/api/catastro/rustic?${query}` });
const dnpppRequests = () => api.fake.requests.filter((url) => url.includes('Consulta_DNPPP'));

describe('GET /api/catastro/rustic (polígono and parcela)', () => {
  it('answers from the copy offline, the same Parcel as by its reference, leading zeros optional', async () => {
    const before = api.fake.requests.length;
    const response = await get('provincia=40&municipio=146&poligono=1&parcela=5');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.refCatastral).toBe('40146A00100005');
    expect(data.superficieParcela).toBe(officialSegoviaArea('40146A00100005'));
    expect(data.dataSource).toBe('clone');
    expect(api.fake.requests.length).toBe(before);

    const byReference = (await api.app.inject({ method: 'GET', url: '/api/catastro/40146A00100005' })).json().data;
    expect(data).toEqual(byReference);
    const padded = await get('provincia=40&municipio=0146&poligono=001&parcela=00005');
    expect(padded.json().data.refCatastral).toBe('40146A00100005');
  });

  it('asks Consulta_DNPPP_Codigos for a parcel the copy lacks and answers its Parcel with the live outline', async () => {
    embeddedCopy(api.service).db.prepare('DELETE FROM parcels WHERE country = ? AND ref = ?').run('ES', DNPPP_ASKED.ref14);
    const { provincia, municipio, poligono, parcela } = DNPPP_ASKED;
    const response = await get(`provincia=${provincia}&municipio=${municipio}&poligono=${poligono}&parcela=${parcela}`);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.refCatastral).toBe(DNPPP_ASKED.ref14);
    expect(data.dataSource).toBe('catastro');
    expect(data.superficieParcela).toBe(officialSegoviaArea(DNPPP_ASKED.ref14));
    expect(data.municipio).toBe('MELQUE DE CERCOS');
    const asked = new URL(dnpppRequests().at(-1)!, 'http://x');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ CodigoProvincia: '40', CodigoMunicipio: '146', Poligono: '5', Parcela: '23' });
    // The finca read by DNPPP is kept: Consulta_DNPRC was not asked again for it.
    expect(api.fake.requests.some((url) => url.includes('Consulta_DNPRC') && url.includes(DNPPP_ASKED.ref14))).toBe(false);
  });

  it('answers 404 NOT_FOUND when neither the copy nor the Catastro has the parcel', async () => {
    const response = await get('provincia=40&municipio=146&poligono=999&parcela=99999');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(response.json().error).toMatch(/Polígono 999, parcela 99999/);
  });

  it.each([
    ['poligono=5&parcela=23&municipio=146', /provincia.*required/],
    ['provincia=40&municipio=146&poligono=1000&parcela=1', /poligono.*1 to 999.*1000/],
    ['provincia=40&municipio=146&poligono=0&parcela=1', /poligono.*1 to 999/],
    ['provincia=40&municipio=146&poligono=5&parcela=100000', /parcela.*1 to 99999/],
    ['provincia=53&municipio=146&poligono=5&parcela=1', /provincia.*1 to 52/],
    ['provincia=40&municipio=1x&poligono=5&parcela=1', /municipio.*1 to 999/],
    ['provincia=40&municipio=146&poligono=5.5&parcela=1', /poligono/],
  ])('answers 400 VALIDATION_ERROR for %s', async (query, message) => {
    const response = await get(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(response.json().error).toMatch(message);
  });

  it.each([
    ['31', 'NA'],
    ['48', 'PV'],
    ['01', 'PV'],
    ['20', 'PV'],
  ])('answers 422 CNV_COVERAGE for foral province %s, pointing to country=%s', async (provincia, country) => {
    const before = api.fake.requests.length;
    const response = await get(`provincia=${provincia}&municipio=1&poligono=1&parcela=1`);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ success: false, code: 'CNV_COVERAGE' });
    expect(response.json().error).toContain(`country=${country}`);
    expect(api.fake.requests.length).toBe(before);
  });

  it('lists the references when the numbers are held under two sector letters (400)', async () => {
    const [parcel] = [embeddedCopy(api.service).getParcel('ES', '40146A00100007')!];
    await embeddedCopy(api.service).upsertParcels([{ ...parcel, ref: '40146B00100007' }]);
    const response = await get('provincia=40&municipio=146&poligono=1&parcela=7');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR', data: { references: ['40146A00100007', '40146B00100007'] } });
  });

  describe('municipality and province by name or INE code', () => {
    const directory = () => api.callejero.requests.filter((url) => /ConsultaProvincia|ConsultaMunicipio/.test(url));

    it.each([
      ['provincia=40&municipio=MELQUE%20DE%20CERCOS', 'the name as the Catastro writes it'],
      ['provincia=40&municipio=Melque%20de%20Cercos', 'in mixed case'],
      ['provincia=Segovia&municipio=melque%20de%20c%C3%A9rcos', 'lower case with a stray accent, the province by name'],
      ['provincia=SEGOVIA&municipio=melque%20cercos', 'the same significant words, "de" left out'],
    ])("answers the copy's parcel with no request when the municipality is an offline area: %s (%s)", async (query) => {
      const [catastroBefore, directoryBefore] = [api.fake.requests.length, directory().length];
      const response = await get(`${query}&poligono=1&parcela=5`);
      expect(response.statusCode).toBe(200);
      const byCode = (await get('provincia=40&municipio=146&poligono=1&parcela=5')).json().data;
      expect(response.json().data).toEqual(byCode);
      expect(response.json().data.refCatastral).toBe('40146A00100005');
      expect(api.fake.requests.length).toBe(catastroBefore);
      expect(directory().length).toBe(directoryBefore);
    });

    it("turns an INE code into the Catastro's code with the street directory, once: the list is kept", async () => {
      const before = directory().length;
      const response = await get('provincia=40&municipio=40125&poligono=1&parcela=5');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.refCatastral).toBe('40146A00100005');
      const asked = directory()
        .slice(before)
        .map((url) => new URL(url, 'http://x'));
      expect(asked.map((url) => url.pathname.split('/').at(-1))).toEqual(['ConsultaProvincia', 'ConsultaMunicipio']);
      expect(Object.fromEntries(asked[1].searchParams)).toEqual({ Provincia: 'SEGOVIA', Municipio: '' });

      const again = await get('provincia=Segovia&municipio=40125&poligono=4&parcela=5051');
      expect(again.json().data.refCatastral).toBe('40146A00405051');
      expect(directory().length).toBe(before + 2);
    });

    it("asks Consulta_DNPPP_Codigos with the Catastro's code of a name the copy's areas lack", async () => {
      embeddedCopy(api.service).db.prepare('DELETE FROM parcels WHERE country = ? AND ref = ?').run('ES', '40146A00500023');
      embeddedCopy(api.service).db.prepare("UPDATE offline_areas SET name = NULL WHERE id = 'ES.40146'").run();
      try {
        const response = await get('provincia=40&municipio=Melque%20de%20Cercos&poligono=5&parcela=23');
        expect(response.statusCode).toBe(200);
        expect(response.json().data.refCatastral).toBe('40146A00500023');
        const asked = new URL(dnpppRequests().at(-1)!, 'http://x');
        expect(asked.searchParams.get('CodigoMunicipio')).toBe('146');
      } finally {
        embeddedCopy(api.service).db.prepare("UPDATE offline_areas SET name = 'MELQUE DE CERCOS' WHERE id = 'ES.40146'").run();
      }
    });

    it('takes a part of a name only where every municipality it fits is seen: one downloaded area is not the province', async () => {
      const area =
        "INSERT INTO offline_areas (id, country, code, name, province, source, updated_at) VALUES ('ES.40150', 'ES', '40150', 'NAVAS DE ORO', 'Segovia', 'test', '2026-01-01')";
      embeddedCopy(api.service).db.prepare(area).run();
      try {
        const part = await get('provincia=40&municipio=Navas&poligono=1&parcela=5');
        expect(part.statusCode).toBe(400);
        expect(part.json().data.candidates).toHaveLength(3);
        const whole = await get('provincia=40&municipio=navas%20de%20oro&poligono=1&parcela=5');
        expect(whole.json().error).toContain('municipality 150');
      } finally {
        embeddedCopy(api.service).db.prepare("DELETE FROM offline_areas WHERE id = 'ES.40150'").run();
      }
      const melque = await get('provincia=40&municipio=Melque&poligono=1&parcela=5');
      expect(melque.json().data.refCatastral).toBe('40146A00100005');
    });

    it.each([
      ['La%20Cuesta', 'the article before the name'],
      ['Cuesta%20(La)', 'the article after it, as the Catastro writes it'],
    ])("finds CUESTA (LA) by %s (%s): in the street directory, and in the copy's areas written with the article first", async (municipio) => {
      const dnpppMunicipality = () => new URL(dnpppRequests().at(-1)!, 'http://x').searchParams.get('CodigoMunicipio');
      const fromDirectory = await get(`provincia=Segovia&municipio=${municipio}&poligono=1&parcela=5`);
      expect(fromDirectory.statusCode).toBe(404);
      expect(fromDirectory.json().error).toContain('municipality 065');
      expect(dnpppMunicipality()).toBe('065');

      // Under another code than the directory's, so the code asked tells which list found the name.
      const area =
        "INSERT INTO offline_areas (id, country, code, name, province, source, updated_at) VALUES ('ES.40066', 'ES', '40066', 'LA CUESTA', 'Segovia', 'test', '2026-01-01')";
      embeddedCopy(api.service).db.prepare(area).run();
      try {
        const directoryBefore = directory().length;
        const offline = await get(`provincia=Segovia&municipio=${municipio}&poligono=1&parcela=5`);
        expect(offline.json().error).toContain('municipality 066');
        expect(dnpppMunicipality()).toBe('066');
        expect(directory().length).toBe(directoryBefore);
      } finally {
        embeddedCopy(api.service).db.prepare("DELETE FROM offline_areas WHERE id = 'ES.40066'").run();
      }
    });

    it('answers 404 NOT_FOUND naming a municipality no list holds', async () => {
      const response = await get('provincia=40&municipio=Villanueva%20de%20Nadie&poligono=1&parcela=5');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(response.json().error).toContain('"Villanueva de Nadie"');
      expect(response.json().error).toContain('SEGOVIA');
    });

    it('answers 404 NOT_FOUND naming a province no list holds, and for an INE code its province lacks', async () => {
      const province = await get('provincia=Atlantida&municipio=Melque&poligono=1&parcela=5');
      expect(province.statusCode).toBe(404);
      expect(province.json().error).toContain('"Atlantida"');
      const ine = await get('provincia=40&municipio=40999&poligono=1&parcela=5');
      expect(ine.statusCode).toBe(404);
      expect(ine.json().error).toContain('40999');
    });

    it('answers 400 VALIDATION_ERROR listing the municipalities a name fits', async () => {
      const response = await get('provincia=40&municipio=Navas&poligono=1&parcela=5');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.json().error).toMatch(/NAVAS DE ORO \(150\).*NAVAS DE RIOFRIO \(151\).*NAVAS DE SAN ANTONIO \(152\)/);
      expect(response.json().data.candidates).toHaveLength(3);
      expect(response.json().data.parameter).toBe('municipio');
      const exact = await get('provincia=40&municipio=Navas%20de%20Oro&poligono=1&parcela=5');
      expect(exact.json().error).toContain('Polígono 1, parcela 5 of municipality 150');
    });

    it('answers 400 VALIDATION_ERROR for an INE code of another province', async () => {
      const response = await get('provincia=28&municipio=40125&poligono=1&parcela=5');
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toMatch(/INE code of province 40/);
    });

    it.each([
      ['Navarra', 'NA'],
      ['bizkaia', 'PV'],
      ['Araba/%C3%81lava', 'PV'],
      ['Guip%C3%BAzcoa', 'PV'],
    ])('answers 422 CNV_COVERAGE for foral province %s by name, pointing to country=%s', async (provincia, country) => {
      const before = api.fake.requests.length + api.callejero.requests.length;
      const response = await get(`provincia=${provincia}&municipio=Pamplona&poligono=1&parcela=1`);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ success: false, code: 'CNV_COVERAGE' });
      expect(response.json().error).toContain(`country=${country}`);
      expect(api.fake.requests.length + api.callejero.requests.length).toBe(before);
    });

    it('answers 503 SERVICE_UNAVAILABLE when a name needs the street directory and it is down', async () => {
      api.callejero.setMode('down');
      try {
        const response = await get('provincia=28&municipio=Humanes&poligono=1&parcela=1');
        expect(response.statusCode).toBe(503);
        expect(response.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
      } finally {
        api.callejero.setMode('ok');
      }
    });

    it("answers 400 VALIDATION_ERROR for an INE code of another province named by name, before the province's list is asked", async () => {
      const municipalityLists = () => api.callejero.requests.filter((url) => url.includes('ConsultaMunicipio')).length;
      const before = municipalityLists();
      const response = await get('provincia=Madrid&municipio=40125&poligono=1&parcela=5');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      expect(response.json().error).toContain('40125 is an INE code of province 40, not of province 28');
      expect(municipalityLists()).toBe(before);
    });
  });

  it('answers 503 SERVICE_UNAVAILABLE when the copy lacks the parcel and the Catastro is down', async () => {
    api.fake.setFault({ kind: 'status', status: 503, times: 10 });
    const response = await get('provincia=40&municipio=146&poligono=998&parcela=1');
    api.fake.setFault({ kind: 'none' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ success: false, code: 'SERVICE_UNAVAILABLE' });
  });
});
