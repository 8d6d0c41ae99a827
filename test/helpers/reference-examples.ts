import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { expect } from 'vitest';
import type { CountryCode } from '../../core/model/index.js';
import { countryFixture } from '../fake-upstream/countries/fake-server.js';
import { fixture } from './paths.js';

/** Reference examples read out of the real recordings of each country (not typed in by hand). */
export const readCountryFixture = (name: string) => readFileSync(countryFixture(name), 'utf8');
export const allMatches = (text: string, pattern: RegExp) => [...text.matchAll(pattern)].map((m) => m[1]);

export function referenceExamples(): [string, string, CountryCode | CountryCode[]][] {
  const rows: [string, string, CountryCode | CountryCode[]][] = [];
  const add = (source: string, refs: string[], expected: CountryCode | CountryCode[]) => {
    expect(refs.length, `${source} yields references`).toBeGreaterThan(0);
    for (const ref of new Set(refs)) rows.push([source, ref, expected]);
  };
  add(
    'Catastro WFS GetParcel answers',
    ['9398516VK3799G', '8429105VK1882N', '6362209CF9666S'].flatMap((r) =>
      allMatches(
        readFileSync(fixture(`es_catastro_wfs_getparcel_${r}${r === '6362209CF9666S' ? '_25831' : ''}.gml`), 'utf8'),
        /<cp:nationalCadastralReference>([^<]+)</g,
      ),
    ),
    'ES',
  );
  add(
    'apicarto parcelle answers',
    ['29158000AW0001', '412310000A0075'].flatMap((r) => allMatches(readCountryFixture(`fr_apicarto_cadastre_parcelle_${r}.json`), /"idu": "([^"]+)"/g)),
    'FR',
  );
  add(
    'Etalab cadastre 91216 (first ids)',
    allMatches(
      gunzipSync(readFileSync(countryFixture('fr_etalab_cadastre_parcelles_91216.json.gz')))
        .toString('utf8')
        .slice(0, 20_000),
      /"id":"([^"]+)"/g,
    ),
    'FR',
  );
  add(
    'ULDK answers',
    [
      ...allMatches(readCountryFixture('pl_uldk_getparcelbyid_141201_1.0001.6509_from_test.txt'), /\|(\d{6}_\d\.\d{4}\.[^|]+)\|/g),
      ...allMatches(readCountryFixture('pl_uldk_getparcelbyidornr_134_two_results_from_test.txt'), /^(\d{6}_[^|]+)\|/gm),
    ],
    'PL',
  );
  add('EGiB GML', allMatches(readCountryFixture('pl_egib_gml_dzialka_221101_1.0001.152_3.gml'), /<egb:idDzialki>([^<]+)</g), 'PL');
  add(
    'Locatieserver gekoppeld_perceel',
    [
      ...allMatches(readCountryFixture('nl_pdok_locatieserver_free_nieuwezijds_voorburgwal_147.json'), /"gekoppeld_perceel": \["([^"]+)"/g),
      ...allMatches(readCountryFixture('nl_pdok_locatieserver_lookup_schema_sample.json'), /"gekoppeld_perceel": \["([^"]+)"/g),
    ],
    'NL',
  );
  const dkk = readCountryFixture('nl_kadaster_dkk_v5_kadastralekaart_perceel_otterlo.gml');
  add(
    'Kadastrale Kaart Otterlo (AKR sectie nummer)',
    dkk
      .split('<kk:perceelMember>')
      .slice(1, 4)
      .map(
        (m) =>
          `${/<oz:AKRKadastraleGemeenteCode>[\s\S]*?<t:waarde>([^<]+)</.exec(m)![1]} ${/<oz:sectie>([^<]+)</.exec(m)![1]} ${/<oz:perceelnummer>([^<]+)</.exec(m)![1]}`,
      ),
    'NL',
  );
  add('AdE WFS answer', allMatches(readCountryFixture('it_ade_wfs_getfeature_cp_A000W000200.STRADA001.gml'), /<CP:NATIONALCADASTRALREFERENCE>([^<]+)</g), 'IT');
  add(
    'DAWA address jordstykke link',
    allMatches(readCountryFixture('dk_dawa_adresser_2183dc88_from_test.json'), /jordstykker\/(\d+)\/(?:\d+)"/g).map(
      (ejerlav) => `${ejerlav}-${/"matrikelnr": "([^"]+)"/.exec(readCountryFixture('dk_dawa_adresser_2183dc88_from_test.json'))![1]}`,
    ),
    'DK',
  );
  // No Czech recording exists: the nationalCadastralReference examples of SOURCES.md 15 (k.ú.-number).
  // Six digits, a dash and a number is also a Slovak k.ú.-number (register C): both, so 300. Denmark
  // claims a 6-digit landsejerlavkode only with a lettered matrikelnummer (dk/reference.ts).
  add('ČÚZK nationalCadastralReference (SOURCES.md, no recording)', ['727024-542', '727024-1090'], ['CZ', 'SK']);
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
  add('Austrian KG-Gst from a BEV inspireId (SOURCES.md 15)', ['01004-1711'], 'AT');
  // 14 bare digits: a French IDU, a stripped German Kennzeichen and a long Finnish kiinteistötunnus (spec: 300).
  add('kiinteistötunnus, long form (SOURCES.md 10)', ['09141000030044'], ['FR', 'DE', 'FI']);
  add('ALKIS Flurstückskennzeichen stripped of its `_` (SOURCES.md 5)', ['15185500301190'], ['FR', 'DE', 'FI']);
  return rows;
}
