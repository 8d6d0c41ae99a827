import { unavailable } from '../../../model/index.js';
import type { TextFetcher } from '../../../address/ports.js';
import { getJson } from '../../../upstream/get-json.js';

/** SOURCES.md §1.8 (the official base; the older `/services/api/geocoder/` path is an alias). */
export const CARTOCIUDAD_BASE_URL = 'https://www.cartociudad.es/geocoder/api/geocoder';

/**
 * One element of a `candidates` answer, with the documented field names (SOURCES.md §1.8:
 * id, type, address, tip_via, portalNumber, noNumber, extension, muni, muniCode, province,
 * provinceCode, postalCode, countryCode, refCatastral, lat, lng, state, stateMsg). No recorded
 * answer exists (fixtures/README.md), so every field is read defensively and optional.
 */
export interface GeocoderCandidate {
  id: string;
  type: string;
  address: string;
  tipVia?: string;
  portalNumber?: number;
  noNumber: boolean;
  extension?: string;
  muni?: string;
  muniCode?: string;
  province?: string;
  provinceCode?: string;
  postalCode?: string;
  refCatastral?: string;
  lat?: number;
  lng?: number;
  state?: number;
  stateMsg?: string;
}

/** Types that can never be an address on a street (SOURCES.md §1.8 `no_process` list minus street and portal). */
const NOT_ADDRESSES = 'municipio,provincia,comunidad autonoma,poblacion,toponimo,expendeduria,punto_recarga_electrica,ngbe,carretera';

/** Every type of the SOURCES.md §1.8 `no_process` list but `municipio`: a name asked as a municipality only. */
const NOT_MUNICIPALITIES = 'provincia,comunidad autonoma,poblacion,toponimo,expendeduria,punto_recarga_electrica,ngbe,callejero,carretera,portal';

const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v.trim() : typeof v === 'number' ? String(v) : undefined);
const num = (v: unknown): number | undefined => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) ? n : undefined;
};

export function parseCandidate(raw: unknown): GeocoderCandidate | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined;
  const r = raw as Record<string, unknown>;
  const address = str(r.address);
  if (!address) return undefined;
  return {
    id: str(r.id) ?? '',
    type: str(r.type) ?? '',
    address,
    tipVia: str(r.tip_via),
    portalNumber: num(r.portalNumber),
    noNumber: r.noNumber === true || r.noNumber === 'true',
    extension: str(r.extension),
    muni: str(r.muni),
    muniCode: str(r.muniCode),
    province: str(r.province),
    provinceCode: str(r.provinceCode),
    postalCode: str(r.postalCode),
    refCatastral: str(r.refCatastral),
    lat: num(r.lat),
    lng: num(r.lng),
    state: num(r.state),
    stateMsg: str(r.stateMsg),
  };
}

/** Client of the CartoCiudad geocoder's `candidates` operation (Spain's national geocoder). */
export class CartoCiudadClient {
  constructor(
    private readonly http: TextFetcher,
    private readonly baseUrl: string = CARTOCIUDAD_BASE_URL,
  ) {}

  candidates(q: string, options: { limit?: number; postcode?: string; signal?: AbortSignal } = {}): Promise<GeocoderCandidate[]> {
    const params = new URLSearchParams({ q, limit: String(options.limit ?? 33), no_process: NOT_ADDRESSES });
    if (options.postcode) params.set('cod_postal_filter', options.postcode);
    return this.ask(params, options.signal);
  }

  /**
   * The municipalities the geocoder finds for a name (`type` municipio, with `muni`, `muniCode`,
   * `province`, `provinceCode`); it matches names partially, so the caller keeps the same name.
   */
  async municipalities(name: string, signal?: AbortSignal): Promise<GeocoderCandidate[]> {
    const found = await this.ask(new URLSearchParams({ q: name, limit: '33', no_process: NOT_MUNICIPALITIES }), signal);
    return found.filter((candidate) => candidate.type.toLowerCase() === 'municipio');
  }

  private async ask(params: URLSearchParams, signal?: AbortSignal): Promise<GeocoderCandidate[]> {
    const url = `${this.baseUrl.replace(/\/+$/, '')}/candidates?${params}`;
    const { status, json: parsed } = await getJson(this.http, url, { source: 'cartociudad', signal });
    if (status !== 200) throw unavailable(`The national geocoder (CartoCiudad) answered HTTP ${status}.`);
    if (!Array.isArray(parsed)) throw unavailable('The national geocoder (CartoCiudad) sent an unexpected answer.');
    return parsed.map(parseCandidate).filter((c): c is GeocoderCandidate => c !== undefined);
  }
}
