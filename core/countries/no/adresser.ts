import { unavailable, type LonLat } from '../../model/index.js';
import { withQuery } from '../national/sources-config.js';
import { referenceOfNumbers, type Matrikkelnummer } from './reference.js';
import { jsonObject } from '../national/answer-fields.js';

export const ADRESSER_SOURCE = 'Kartverket adresse-API';

/**
 * Kartverket's address register API (`ws.geonorge.no/adresser/v1`, free, no key): `/sok` by
 * free text (`sok`) or by matrikkelnummer (`kommunenummer`, `gardsnummer`, `bruksnummer`,
 * `festenummer`), points in EPSG:4258 (`utkoordsys`). The answer is `{metadata, adresser: [...]}`,
 * each address with adressetekst, nummer, bokstav, postnummer, poststed, kommunenummer,
 * kommunenavn, gardsnummer, bruksnummer, festenummer and representasjonspunkt {epsg, lat, lon}.
 * No answer of it was recorded: the fake writes this documented format by hand.
 */
export function addressSearchUrl(base: string, text: string, perPage: number): string {
  return withQuery(`${base}/sok`, new URLSearchParams({ sok: text, treffPerSide: String(perPage), utkoordsys: '4258' }));
}

export function addressesOfPropertyUrl(base: string, m: Matrikkelnummer): string {
  return withQuery(
    `${base}/sok`,
    new URLSearchParams({
      kommunenummer: m.kommune,
      gardsnummer: String(m.gnr),
      bruksnummer: String(m.bnr),
      ...(m.fnr > 0 && { festenummer: String(m.fnr) }),
      treffPerSide: '10',
      utkoordsys: '4258',
    }),
  );
}

export interface NorwegianAddress {
  text: string;
  point: LonLat;
  number?: number;
  postcode?: string;
  postTown?: string;
  municipality?: string;
  /** The matrikkelenhet the register links the address to. */
  property?: string;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : typeof value === 'number' ? String(value) : undefined);

export function parseAdresser(body: string): NorwegianAddress[] {
  let answer: Record<string, unknown>;
  try {
    answer = jsonObject(JSON.parse(body));
  } catch {
    throw unavailable(`${ADRESSER_SOURCE} sent an answer that is not JSON; retry later.`);
  }
  if (!Array.isArray(answer.adresser)) throw unavailable(`${ADRESSER_SOURCE} sent an unexpected answer (no adresser); retry later.`);
  return answer.adresser.map(jsonObject).flatMap((a) => {
    const point = jsonObject(a.representasjonspunkt);
    const [lat, lon] = [Number(point.lat), Number(point.lon)];
    if (!Number.isFinite(lat) || !Number.isFinite(lon)) return [];
    const number = Number.parseInt(text(a.nummer) ?? '', 10);
    const postTown = text(a.poststed);
    return [
      {
        text: [text(a.adressetekst), [text(a.postnummer), postTown].filter(Boolean).join(' ')].filter(Boolean).join(', '),
        point: [lon, lat] as LonLat,
        ...(Number.isFinite(number) && { number }),
        postcode: text(a.postnummer),
        postTown,
        municipality: text(a.kommunenavn),
        property: referenceOfNumbers(a.kommunenummer, a.gardsnummer, a.bruksnummer, a.festenummer),
      },
    ];
  });
}
