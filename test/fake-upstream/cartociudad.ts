import { readFileSync } from 'node:fs';
import http from 'node:http';
import { InjectedFaults, type Fault } from './injected-faults.js';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { fixture } from '../helpers/paths.js';

/**
 * A stand-in for the CartoCiudad geocoder fed by REAL data: the geocoder's own portal index of
 * Humanes de Madrid (INE 28073), `analysis/es_cartociudad_es_index_portal_humanes_28073.ndjson.gz`
 * (1,368 portals, real streets, numbers, postcodes and 14-character cadastral references).
 *
 * No recorded HTTP answer of CartoCiudad exists (fixtures/README.md), so the ANSWER SHAPE is built
 * from the documented field names (SOURCES.md §1.8: id, type, address, tip_via, portalNumber,
 * noNumber, extension, muni, muniCode, province, provinceCode, comunidadAutonoma,
 * comunidadAutonomaCode, poblacion, postalCode, countryCode, refCatastral, lat, lng, state,
 * stateMsg), filled from the index fields they correspond to; an array of candidates as JSON.
 * The matching is a simple stand-in for the real search engine: every significant word of a
 * street name must occur in the street part of `q` (before the first comma); a number picks that portal, or the nearest ones when absent;
 * without a number the street itself (`type: callejero`) is returned. `state`/`stateMsg`
 * values are illustrative (1 exact, 2 nearest portal, 4 street only), not the service's own.
 */
export interface HumanesPortal {
  objId: string;
  streetCode: string;
  tipoVia: string;
  street: string;
  numero: number | null;
  extension: string | null;
  ineMun: string;
  municipality: string;
  ineProv: string;
  province: string;
  ineComunidad: string;
  comunidad: string;
  poblacion: string;
  postcodes: string[];
  lat: number;
  lng: number;
  ref: string | null;
  sinNumero: boolean;
}

export const HUMANES_INDEX = fixture('analysis/es_cartociudad_es_index_portal_humanes_28073.ndjson.gz');

let cached: HumanesPortal[] | undefined;

/** The index's documents (every second line; the others are Elasticsearch `{"index":…}` actions). */
export function loadHumanesPortals(): HumanesPortal[] {
  if (cached) return cached;
  const lines = gunzipSync(readFileSync(HUMANES_INDEX)).toString('utf8').split('\n').filter(Boolean);
  cached = lines
    .map((l) => JSON.parse(l))
    .filter((d) => d.obj_id)
    .map((d) => ({
      objId: d.obj_id,
      streetCode: String(d.obj_id).split('.')[2],
      tipoVia: d.tipo_via,
      street: d.text_original,
      numero: d.numero,
      extension: d.extension,
      ineMun: d.ine_mun,
      municipality: d.nom_muni_original,
      ineProv: d.ine_prov,
      province: d.nom_prov_original,
      ineComunidad: d.ine_comunidad,
      comunidad: d.nom_comunidad_original,
      poblacion: d.ent_pob_original,
      postcodes: d.cod_postal ?? [],
      lat: d.lat,
      lng: d.lng,
      ref: d.ref_catastral || null,
      sinNumero: d.sin_numero === true,
    }));
  return cached;
}

export const foldText = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, ' ')
    .trim();
const ARTICLES = new Set(['DE', 'DEL', 'LA', 'LAS', 'EL', 'LOS', 'Y']);
const significant = (s: string) =>
  foldText(s)
    .split(' ')
    .filter((w) => w && !ARTICLES.has(w));

function portalAnswer(p: HumanesPortal, state: number, stateMsg: string) {
  return {
    id: p.objId,
    province: p.province,
    provinceCode: p.ineProv,
    comunidadAutonoma: p.comunidad,
    comunidadAutonomaCode: p.ineComunidad,
    muni: p.municipality,
    muniCode: p.ineMun,
    type: 'portal',
    address: p.street,
    postalCode: p.postcodes.join(','),
    poblacion: p.poblacion,
    tip_via: p.tipoVia,
    lat: p.lat,
    lng: p.lng,
    portalNumber: p.numero,
    noNumber: p.sinNumero,
    extension: p.extension,
    refCatastral: p.ref,
    countryCode: '011',
    state,
    stateMsg,
  };
}

function streetAnswer(p: HumanesPortal) {
  return {
    id: `${p.ineMun}${p.streetCode}`,
    province: p.province,
    provinceCode: p.ineProv,
    comunidadAutonoma: p.comunidad,
    comunidadAutonomaCode: p.ineComunidad,
    muni: p.municipality,
    muniCode: p.ineMun,
    type: 'callejero',
    address: p.street,
    postalCode: p.postcodes.join(','),
    poblacion: p.poblacion,
    tip_via: p.tipoVia,
    lat: p.lat,
    lng: p.lng,
    portalNumber: null,
    noNumber: true,
    extension: null,
    refCatastral: null,
    countryCode: '011',
    state: 4,
    stateMsg: 'Vía sin portal',
  };
}

export function searchCandidates(portals: HumanesPortal[], q: string, limit: number, postcode?: string): unknown[] {
  // The street is matched in the first part of q (before a comma), the way addresses are written.
  const words = new Set(foldText(q.split(',')[0]).split(' ').filter(Boolean));
  const number = [...words].map((w) => (/^\d{1,4}$/.test(w) ? Number(w) : Number.NaN)).find((n) => Number.isFinite(n));
  const pool = postcode ? portals.filter((p) => p.postcodes.includes(postcode)) : portals;
  const streets = new Map<string, HumanesPortal[]>();
  for (const p of pool) {
    const key = `${p.tipoVia}|${p.street}`;
    const tokens = significant(p.street);
    if (tokens.length === 0 || !tokens.every((t) => words.has(t))) continue;
    streets.set(key, [...(streets.get(key) ?? []), p]);
  }
  const ranked = [...streets.values()].sort(
    (a, b) =>
      significant(b[0].street).length - significant(a[0].street).length ||
      Number(words.has(foldText(b[0].tipoVia))) - Number(words.has(foldText(a[0].tipoVia))),
  );
  const answers: unknown[] = [];
  for (const onStreet of ranked) {
    if (number === undefined) {
      answers.push(streetAnswer(onStreet[0]));
      continue;
    }
    const exact = onStreet.filter((p) => p.numero === number);
    if (exact.length > 0) {
      answers.push(...exact.map((p) => portalAnswer(p, 1, 'Resultado exacto de la búsqueda')));
      continue;
    }
    const numbered = onStreet.filter((p) => p.numero !== null).sort((a, b) => Math.abs(a.numero! - number) - Math.abs(b.numero! - number));
    answers.push(...numbered.slice(0, 2).map((p) => portalAnswer(p, 2, 'Portal más próximo')));
  }
  return answers.slice(0, limit);
}

/**
 * WRITTEN BY HAND (no recorded answer, see the header): `type: municipio` candidates, the answer to a
 * `candidates?q=<name>` that `no_process` leaves municipalities in. Real municipalities with their
 * real INE codes (INE's register): Humanes de Madrid 28073 (the index's own), Arroyomolinos in two
 * provinces, Madrid 28015 and Cáceres 10023, beside Arroyomolinos de la Vera 10022 (a longer name
 * the partial search also finds), and Bilbao 48020 (a foral province). The fields follow SOURCES.md
 * §1.8; `address` holding the municipality's name, `id` being its INE code and the coordinates
 * (rounded town centres) are this fake's guesses, not seen in an answer of the service.
 */
export const FAKE_MUNICIPALITIES = [
  { muni: 'Humanes de Madrid', muniCode: '28073', province: 'Madrid', provinceCode: '28', comunidadAutonoma: 'Comunidad de Madrid', lat: 40.25, lng: -3.83 },
  { muni: 'Arroyomolinos', muniCode: '28015', province: 'Madrid', provinceCode: '28', comunidadAutonoma: 'Comunidad de Madrid', lat: 40.27, lng: -3.92 },
  { muni: 'Arroyomolinos', muniCode: '10023', province: 'Cáceres', provinceCode: '10', comunidadAutonoma: 'Extremadura', lat: 39.19, lng: -6.16 },
  { muni: 'Arroyomolinos de la Vera', muniCode: '10022', province: 'Cáceres', provinceCode: '10', comunidadAutonoma: 'Extremadura', lat: 40.05, lng: -5.85 },
  { muni: 'Bilbao', muniCode: '48020', province: 'Bizkaia', provinceCode: '48', comunidadAutonoma: 'País Vasco', lat: 43.26, lng: -2.93 },
];

/** The municipalities every significant word of `q` is in (the service matches names partially). */
function municipalityCandidates(q: string): unknown[] {
  const words = significant(q);
  return FAKE_MUNICIPALITIES.filter((m) => words.length > 0 && words.every((w) => significant(m.muni).includes(w))).map((m) => ({
    id: m.muniCode,
    type: 'municipio',
    address: m.muni,
    muni: m.muni,
    muniCode: m.muniCode,
    province: m.province,
    provinceCode: m.provinceCode,
    comunidadAutonoma: m.comunidadAutonoma,
    countryCode: '011',
    lat: m.lat,
    lng: m.lng,
    noNumber: true,
    state: 1,
    stateMsg: 'Resultado exacto de la búsqueda',
  }));
}

/** The answer to `candidates`: municipalities and the index's streets and portals, less the types `no_process` excludes. */
export function fakeCandidates(portals: HumanesPortal[], params: URLSearchParams): unknown[] {
  const q = params.get('q') ?? '';
  const limit = Number(params.get('limit') ?? '33');
  const excluded = new Set((params.get('no_process') ?? '').split(',').map((t) => t.trim()));
  const addresses = searchCandidates(portals, q, limit, params.get('cod_postal_filter') ?? undefined).filter(
    (c) => !excluded.has((c as { type: string }).type),
  );
  return [...(excluded.has('municipio') ? [] : municipalityCandidates(q)), ...addresses].slice(0, limit);
}

export type FakeMode = 'ok' | 'down' | 'garbage';

/** The geocoder's modes in the shared fault vocabulary (injected-faults.ts). */
const FAULT_OF_MODE: Record<FakeMode, Fault> = { ok: { kind: 'none' }, down: { kind: 'status', status: 503 }, garbage: { kind: 'malformed' } };

export interface FakeCartoCiudad {
  /** Base URL to configure as the geocoder base (`…/geocoder/api/geocoder`). */
  url: string;
  requests: string[];
  portals: HumanesPortal[];
  /** Shorthand for `setFault`: down = 503, garbage = a cut (invalid) JSON body with 200. */
  setMode(mode: FakeMode): void;
  setFault(fault: Fault): void;
  close(): Promise<void>;
}

export async function startFakeCartoCiudad(): Promise<FakeCartoCiudad> {
  const portals = loadHumanesPortals();
  const requests: string[] = [];
  const faults = new InjectedFaults();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    if (url.pathname !== '/geocoder/api/geocoder/candidates') {
      faults.send(req, res, { status: 404, type: 'text/plain', body: Buffer.from('') });
      return;
    }
    const body = fakeCandidates(portals, url.searchParams);
    faults.send(req, res, { status: 200, type: 'application/json;charset=UTF-8', body: Buffer.from(JSON.stringify(body)) });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/geocoder/api/geocoder`,
    requests,
    portals,
    setMode: (m) => faults.setFault(FAULT_OF_MODE[m]),
    setFault: (fault) => faults.setFault(fault),
    close: () =>
      new Promise<void>((resolve) => {
        faults.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
