import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CountryRegistry } from '../../../core/countries/registry.js';
import { listZipEntries, readZipEntryText } from '../../../core/store/importers/zip-archive.js';
import { isServiceError, type CountryCode } from '../../../core/model/index.js';
import { countryFixture } from '../../fake-upstream/countries/fake-server.js';
import { fixture } from '../../helpers/paths.js';

/** Reference examples read out of the real recordings of each country (not typed in by hand). */
const read = (name: string) => readFileSync(countryFixture(name), 'utf8');
const all = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);

function examples(): [string, string, CountryCode | CountryCode[]][] {
  const rows: [string, string, CountryCode | CountryCode[]][] = [];
  const add = (source: string, refs: string[], expected: CountryCode | CountryCode[]) => {
    expect(refs.length, `${source} yields references`).toBeGreaterThan(0);
    for (const ref of new Set(refs)) rows.push([source, ref, expected]);
  };
  add('Catastro WFS GetParcel answers', ['9398516VK3799G', '8429105VK1882N', '6362209CF9666S']
    .flatMap((r) => all(readFileSync(fixture(`es_catastro_wfs_getparcel_${r}${r === '6362209CF9666S' ? '_25831' : ''}.gml`), 'utf8'), /<cp:nationalCadastralReference>([^<]+)</g)), 'ES');
  add('apicarto parcelle answers', ['29158000AW0001', '412310000A0075'].flatMap((r) => all(read(`fr_apicarto_cadastre_parcelle_${r}.json`), /"idu": "([^"]+)"/g)), 'FR');
  add('Etalab cadastre 91216 (first ids)', all(gunzipSync(readFileSync(countryFixture('fr_etalab_cadastre_parcelles_91216.json.gz'))).toString('utf8').slice(0, 20_000), /"id":"([^"]+)"/g), 'FR');
  add('ULDK answers', [
    ...all(read('pl_uldk_getparcelbyid_141201_1.0001.6509_from_test.txt'), /\|(\d{6}_\d\.\d{4}\.[^|]+)\|/g),
    ...all(read('pl_uldk_getparcelbyidornr_134_two_results_from_test.txt'), /^(\d{6}_[^|]+)\|/gm),
  ], 'PL');
  add('EGiB GML', all(read('pl_egib_gml_dzialka_221101_1.0001.152_3.gml'), /<egb:idDzialki>([^<]+)</g), 'PL');
  add('Locatieserver gekoppeld_perceel', [
    ...all(read('nl_pdok_locatieserver_free_nieuwezijds_voorburgwal_147.json'), /"gekoppeld_perceel": \["([^"]+)"/g),
    ...all(read('nl_pdok_locatieserver_lookup_schema_sample.json'), /"gekoppeld_perceel": \["([^"]+)"/g),
  ], 'NL');
  const dkk = readFileSync(fixture('analysis/nl_kadaster_dkk_v5_kadastralekaart_perceel_otterlo.gml'), 'utf8');
  add('Kadastrale Kaart Otterlo (AKR sectie nummer)', dkk.split('<kk:perceelMember>').slice(1, 4).map((m) =>
    `${/<oz:AKRKadastraleGemeenteCode>[\s\S]*?<t:waarde>([^<]+)</.exec(m)![1]} ${/<oz:sectie>([^<]+)</.exec(m)![1]} ${/<oz:perceelnummer>([^<]+)</.exec(m)![1]}`), 'NL');
  add('AdE WFS answer', all(read('it_ade_wfs_getfeature_cp_A000W000200.STRADA001.gml'), /<CP:NATIONALCADASTRALREFERENCE>([^<]+)</g), 'IT');
  add('DAWA address jordstykke link', all(read('dk_dawa_adresser_2183dc88_from_test.json'), /jordstykker\/(\d+)\/(?:\d+)"/g)
    .map((ejerlav) => `${ejerlav}-${/"matrikelnr": "([^"]+)"/.exec(read('dk_dawa_adresser_2183dc88_from_test.json'))![1]}`), 'DK');
  // No Czech recording exists: the nationalCadastralReference examples of SOURCES.md 15 (k.ú.-number).
  // Six digits, a dash and a number is also a Danish ejerlav-matrikelnr and a Slovak k.ú.-number (register C): all three, so 300.
  add('ČÚZK nationalCadastralReference (SOURCES.md, no recording)', ['727024-542', '727024-1090'], ['CZ', 'DK', 'SK']);
  add('ČÚZK building parcel', ['727024-st.542'], 'CZ');
  // No recordings exist for these either: the identifiers SOURCES.md 15 quotes from the services' clients.
  add('ÚGKK nationalCadastralReference form (SOURCES.md, no recording)', ['804959_2158/2.C', '804959_503.E'], 'SK');
  add('AGKK nationalcadastralref (SOURCES.md, recorded elsewhere, not copied)', ['68134.100.5', '68134.405.115'], 'BG');
  add('DGT nationalcadastralreference (SOURCES.md, no recording)', ['AAA000336903'], 'PT');
  // No recording of these countries exists: the examples SOURCES.md 5 and 15 quote.
  add('ALKIS Flurstückskennzeichen (SOURCES.md 5, 15)', ['15185500301190______', '08146000000006000000', '140208___02523001200'], 'DE');
  add('kiinteistötunnus (SOURCES.md 10)', ['91-1-1-1'], 'FI');
  add('Estonian tunnus (SOURCES.md 15)', ['78401:114:0086'], 'EE');
  add('Lithuanian kadastro Nr (SOURCES.md 15)', ['0101/0039:1406'], 'LT');
  // KO-parcel/part and kommune-gnr/bnr share their shape: both countries, so 300.
  add('GURS KO and parcel (SOURCES.md 15)', ['1725 3274/13'], ['NO', 'SI']);
  add('Norwegian matrikkelnummer (SOURCES.md 15)', ['0301-208/646'], ['NO', 'SI']);
  add('CAPAKEY (SOURCES.md 15)', ['11803C2116/00_000', '11803C2165/00M000'], 'BE');
  add('EGRID (SOURCES.md 15)', ['CH119192997709'], 'CH');
  add('Austrian KG-Gst (SOURCES.md 8)', ['14168-.5/1'], 'AT');
  // Five digits, a dash and a number is also a Danish ejerlav-matrikelnr.
  add('Austrian KG-Gst from a BEV inspireId (SOURCES.md 15)', ['01004-1711'], ['AT', 'DK']);
  return rows;
}

describe('reference detection over real examples of every country', () => {
  const registry = CountryRegistry.create();

  it('never claims Latvian bare digits (spec: they need ?country=LV), which LV reads when asked', () => {
    expect(registry.forReference('01000070162', undefined).code).not.toBe('LV');
    expect(registry.forReference('01000070162', 'LV').normalizeReference('01000070162')).toBe('01000070162');
  });

  it.each(examples())('%s: %s → %s', (_source, ref, expected) => {
    if (typeof expected === 'string') {
      expect(registry.forReference(ref, undefined).code).toBe(expected);
      return;
    }
    let caught: unknown;
    try { registry.forReference(ref, undefined); } catch (error) { caught = error; }
    expect(isServiceError(caught) && caught.code).toBe('CNV_AMBIGUOUS');
    expect((caught as { data: { candidateCountries: string[] } }).data.candidateCountries.sort()).toEqual([...expected].sort());
  });

  it('every reference found also normalises under its own country to itself or its canonical form, idempotently', () => {
    for (const [, ref, expected] of examples()) {
      for (const code of typeof expected === 'string' ? [expected] : expected) {
        const adapter = registry.forCountry(code);
        const canonical = adapter.normalizeReference(ref);
        expect(adapter.normalizeReference(canonical)).toBe(canonical);
      }
    }
  });
});

describe('reference detection over the Datafordeler MAT download and the Luxembourg WFS answers (real files)', () => {
  const registry = CountryRegistry.create();
  const detected = (ref: string): string[] => {
    try {
      return [registry.forReference(ref, undefined).code];
    } catch (error) {
      if (isServiceError(error) && error.code === 'CNV_AMBIGUOUS') return (error.data as { candidateCountries: string[] }).candidateCountries;
      throw error;
    }
  };

  it('every current MAT jordstykke (ejerlav-matrikelnummer) is detected as Danish, or named with DK in a 300 it shares with Czechia', async () => {
    const [entry] = (await listZipEntries(countryFixture('dk_datafordeler_mat_totaludtraek_dagligt_json_v3_20200217050021.zip'))).filter((e) => e.name.endsWith('.json'));
    const records = JSON.parse(await readZipEntryText(entry, 8 << 20)).JordstykkeList as Record<string, string | null>[];
    const refs = [...new Set(records.map((r) => `${r.ejerlavLokalId}-${r.matrikelnummer}`))];
    expect(refs.length).toBeGreaterThan(100);
    for (const ref of refs) {
      const codes = detected(ref);
      expect(codes, ref).toContain('DK');
      expect(codes.every((c) => c === 'DK' || c === 'CZ'), `${ref}: ${codes.join(',')}`).toBe(true);
    }
  });

  it('every national_cadastral_reference of the Luxembourg answers is detected as Luxembourg\'s', () => {
    const refs = ['lu_inspire_cp_wfs_getfeature_bbox_luxembourg_075F.json', 'lu_inspire_cp_wfs_getfeature_bbox_esch_039A.json']
      .flatMap((file) => all(read(file), /"national_cadastral_reference":"([^"]+)"/g));
    expect(refs.length).toBe(13);
    for (const ref of refs) expect(detected(ref), ref).toEqual(['LU']);
  });
});
