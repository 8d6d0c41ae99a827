import wkx from 'wkx';
import { streetSimilarity } from '../../address/confianza.js';
import type { ParsedAddress } from '../../address/query.js';
import { toWgs84 } from '../../geo/crs.js';
import type { LonLat } from '../../model/index.js';
import type { AdapterContext } from '../adapter.js';
import type { GeocodedAddress } from '../national/address-candidates.js';
import { askDatafordeler, datafordelerQueryUrl, jordstykkerByIdUrl, nodesOf, parseJordstykkeReferences } from './datafordeler.js';
import { jsonObject } from '../national/answer-fields.js';

export const DAR_ATTRIBUTION = 'Danmarks Adresseregister (DAR, Datafordeler)';

/**
 * Addresses from Danmarks Adresseregister (DAR) on Datafordeler's GraphQL, DAWA's replacement
 * (DAWA closed in 2026). Published protocol (confluence.sdfi.dk, "DAR GraphQL",
 * https://confluence.sdfi.dk/x/wgGpCw): `DAR_Husnummer.adgangsadressebetegnelse` is "vejnavn,
 * husnummer, evt. supplerende bynavn samt postnummer og postbynavn" and filters with `eq` and
 * `startsWith` ("use as many letters as possible"); `status` takes DAR's livscyklus codes
 * (3 = Gældende, danmarksadresser.dk); `adgangspunkt` is a DAR_Adressepunkt's id_lokalId and
 * `jordstykke` a MAT_Jordstykke's. The adressepunkt's `position { wkt }` is in EPSG:25832 (public
 * clients read it so; UNCERTAIN: no DAR_Adressepunkt page was readable). Asked on the same
 * `flexibleCurrent/v1` service as Matriklen (it serves DAR, per "Fleksibel opslagslogik"), one
 * entity per query. No answer was recorded: the fake's answers are written by hand.
 */
const HUSNUMMER_QUERY = `query ($prefix: String!, $first: Int!, $virkningstid: DafDateTime!) {
  DAR_Husnummer(virkningstid: $virkningstid, first: $first, where: { adgangsadressebetegnelse: { startsWith: $prefix }, status: { eq: "3" } }) {
    nodes { id_lokalId adgangsadressebetegnelse husnummertekst adgangspunkt jordstykke }
  }
}`;

/** `in` as public clients write it (UNCERTAIN, see datafordeler.ts). */
const ADRESSEPUNKT_QUERY = `query ($ids: [String!], $virkningstid: DafDateTime!) {
  DAR_Adressepunkt(virkningstid: $virkningstid, first: 20, where: { id_lokalId: { in: $ids } }) { nodes { id_lokalId position { wkt crs } } }
}`;

/** At most this many husnumre per search: every one costs a place in the next two queries. */
const MAX_HUSNUMRE = 20;

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/**
 * The `startsWith` prefixes for an asked address, most exact first: "Vejnavn 12A," when a
 * number was asked (the comma ends the husnummer, so 12 does not also find 120), else the street.
 * The text as typed, then with each word capitalised as DAR writes street names, because the
 * filter is read as case-sensitive (UNCERTAIN: the documentation does not say).
 */
export function designationPrefixes(address: ParsedAddress): string[] {
  const street = address.calle.replace(/\s+/g, ' ').trim();
  const typed = address.numero !== undefined ? `${street} ${address.numero}${address.extension ?? ''},` : street;
  const capitalised = typed.replace(/(^|[\s.-])(\p{Ll})/gu, (_, before: string, letter: string) => before + letter.toUpperCase());
  return [...new Set([typed, capitalised])];
}

/** "Vejnavn 12A, Suppl. bynavn, 1460 København K" → its street, postcode and post town. */
export function readDesignation(designation: string, husnummertekst: string) {
  const parts = designation.split(',').map((p) => p.trim());
  const first = parts[0] ?? '';
  const street = husnummertekst && first.endsWith(` ${husnummertekst}`) ? first.slice(0, -husnummertekst.length - 1) : first.replace(/\s+\S+$/, '');
  const post = /^(\d{4})\s+(.+)$/.exec(parts[parts.length - 1] ?? '');
  return { street, postcode: post?.[1], postTown: post?.[2] };
}

function pointOf(position: unknown): LonLat | undefined {
  const { wkt, crs } = jsonObject(position);
  if (typeof wkt !== 'string') return undefined;
  let parsed: ReturnType<typeof wkx.Geometry.parse>;
  try {
    parsed = wkx.Geometry.parse(wkt);
  } catch {
    return undefined;
  }
  if (!(parsed instanceof wkx.Point)) return undefined;
  const epsg = Number(/(\d{4,5})\s*$/.exec(text(crs))?.[1] ?? 25832) || 25832;
  return epsg === 4326 ? [parsed.x, parsed.y] : toWgs84(epsg, parsed.x, parsed.y);
}

const ask = (base: string, apiKey: string, query: string, variables: Record<string, unknown>, ctx: AdapterContext) =>
  askDatafordeler(datafordelerQueryUrl(base, apiKey, query, variables), ctx);

/**
 * The husnumre (access addresses) matching an asked address, placed at their adgangspunkt and
 * linked to their jordstykke's reference: DAR_Husnummer by designation prefix, then their
 * DAR_Adressepunkt positions and their MAT_Jordstykke references, one query each. The street
 * similarity (core/address/confianza.ts) stands in for a geocoder's score.
 */
export async function darAddresses(base: string, apiKey: string, address: ParsedAddress, limit: number, ctx: AdapterContext): Promise<GeocodedAddress[]> {
  const first = Math.min(MAX_HUSNUMRE, Math.max(limit * 2, 10));
  let husnumre: Record<string, unknown>[] = [];
  for (const prefix of designationPrefixes(address)) {
    husnumre = nodesOf(await ask(base, apiKey, HUSNUMMER_QUERY, { prefix, first }, ctx), 'DAR_Husnummer');
    if (husnumre.length > 0) break;
  }
  if (husnumre.length === 0) return [];
  const pointIds = [...new Set(husnumre.map((h) => text(h.adgangspunkt)).filter(Boolean))];
  const parcelIds = [...new Set(husnumre.map((h) => text(h.jordstykke)).filter(Boolean))];
  const points = new Map(
    pointIds.length === 0
      ? []
      : nodesOf(await ask(base, apiKey, ADRESSEPUNKT_QUERY, { ids: pointIds }, ctx), 'DAR_Adressepunkt').map(
          (p) => [text(p.id_lokalId), pointOf(p.position)] as const,
        ),
  );
  const refs =
    parcelIds.length === 0 ? new Map<string, string>() : parseJordstykkeReferences(await askDatafordeler(jordstykkerByIdUrl(base, apiKey, parcelIds), ctx));
  return husnumre.flatMap((husnummer) => {
    const point = points.get(text(husnummer.adgangspunkt));
    if (!point) return [];
    const designation = text(husnummer.adgangsadressebetegnelse);
    const husnummertekst = text(husnummer.husnummertekst);
    const { street, postcode } = readDesignation(designation, husnummertekst);
    const numero = Number.parseInt(husnummertekst, 10);
    return [
      {
        direccion: designation,
        point,
        ...(Number.isFinite(numero) && { numero }),
        ...(postcode && { postcode }),
        score: streetSimilarity(street, undefined, address.calle, undefined),
        linkedParcel: refs.get(text(husnummer.jordstykke)),
      },
    ];
  });
}
