import type { RusticParcelQuery } from '../../model/index.js';
import { DEFAULT_ATOM_BASE_URL } from './atom-feeds.js';
import { OVC_CALLEJERO_BASE_URL } from './address/callejero.js';
import { CARTOCIUDAD_BASE_URL } from './address/cartociudad.js';

/** Base URLs of Spain's official live sources; tests point them at the fake upstream. */
export interface EsSourcesConfig {
  /** OVC JSON (WCF) base: `<base>/COVCCallejero.svc/json/Consulta_DNPRC`, `<base>/COVCCoordenadas.svc/json/Consulta_RCCOOR`. */
  ovcJsonBaseUrl: string;
  /** INSPIRE WFS of cadastral parcels (stored query GetParcel). */
  wfsCpUrl: string;
  /** INSPIRE ATOM download service root (`<base>/CadastralParcels/…`, `<base>/buildings/…`), for offline areas. */
  atomBaseUrl: string;
  /** CartoCiudad geocoder (address search). */
  cartociudadBaseUrl: string;
  /** OVCCallejero.asmx street directory (address parse). */
  callejeroBaseUrl: string;
}

/** The official services answer on https; plain http would let anyone on the path rewrite answers. */
export const DEFAULT_ES_SOURCES: EsSourcesConfig = {
  ovcJsonBaseUrl: 'https://ovc.catastro.meh.es/OVCServWeb/OVCWcfCallejero',
  wfsCpUrl: 'https://ovc.catastro.meh.es/INSPIRE/wfsCP.aspx',
  atomBaseUrl: DEFAULT_ATOM_BASE_URL,
  cartociudadBaseUrl: CARTOCIUDAD_BASE_URL,
  callejeroBaseUrl: OVC_CALLEJERO_BASE_URL,
};

/**
 * The CRS asked of the WFS. The recorded GetParcel/GetNeighbourParcel requests used
 * `srsname=EPSG::25830`; answers name their CRS in each srsName (the Catalan recording came
 * back in 25831), and the parser reprojects whatever it is given.
 */
export const WFS_SRSNAME = 'EPSG::25830';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

export function resolveEsSources(config: Partial<Record<keyof EsSourcesConfig, string | undefined>> = {}): EsSourcesConfig {
  return {
    ovcJsonBaseUrl: trimSlash(config.ovcJsonBaseUrl || DEFAULT_ES_SOURCES.ovcJsonBaseUrl),
    wfsCpUrl: config.wfsCpUrl || DEFAULT_ES_SOURCES.wfsCpUrl,
    cartociudadBaseUrl: config.cartociudadBaseUrl || DEFAULT_ES_SOURCES.cartociudadBaseUrl,
    callejeroBaseUrl: config.callejeroBaseUrl || DEFAULT_ES_SOURCES.callejeroBaseUrl,
    atomBaseUrl: trimSlash(config.atomBaseUrl || DEFAULT_ES_SOURCES.atomBaseUrl),
  };
}

/** Consulta_DNPRC by reference; parameter names as in the recorded request (`RefCat`, not `RC`). */
export function dnprcUrl(sources: EsSourcesConfig, ref: string): string {
  const query = new URLSearchParams({ Provincia: '', Municipio: '', RefCat: ref });
  return `${sources.ovcJsonBaseUrl}/COVCCallejero.svc/json/Consulta_DNPRC?${query}`;
}

/**
 * Consulta_DNPPP_Codigos: a rustic property by polígono and parcela, with the province and
 * municipality as codes (the name form, Consulta_DNPPP, needs their names, which the farm's
 * numbers do not give). SOURCES.md 1.2 lists only the name form and says the `*Codigos` variants
 * exist; path and parameters as alejndr0/go-catastro calls it (catastro/COVCCallejeroCodigos.go
 * `ConsultaDNPPPCodigos`: `COVCCallejeroCodigos.svc/json/Consulta_DNPPP_Codigos` with
 * CodigoProvincia, CodigoMunicipio, CodigoMunicipioINE, Poligono, Parcela). `CodigoMunicipio` is
 * the Catastro's code, the one in the reference; the INE code is left empty. Not recorded.
 */
export function dnpppUrl(sources: EsSourcesConfig, asked: RusticParcelQuery): string {
  const query = new URLSearchParams({
    CodigoProvincia: asked.provincia,
    CodigoMunicipio: asked.municipio,
    CodigoMunicipioINE: '',
    Poligono: String(asked.poligono),
    Parcela: String(asked.parcela),
  });
  return `${sources.ovcJsonBaseUrl}/COVCCallejeroCodigos.svc/json/Consulta_DNPPP_Codigos?${query}`;
}

/** Consulta_RCCOOR at a point; `SRS` like `EPSG:25830` or `EPSG:4326`, X = easting/longitude. */
export function rccoorUrl(sources: EsSourcesConfig, srs: string, x: number, y: number): string {
  const query = new URLSearchParams({ SRS: srs, CoorX: String(x), CoorY: String(y) });
  return `${sources.ovcJsonBaseUrl}/COVCCoordenadas.svc/json/Consulta_RCCOOR?${query}`;
}

/**
 * WFS stored query GetNeighbourParcel: the parcels bordering a reference, the parcel itself among
 * them (recorded: 5 members with the queried one second). Same spelling as GetParcel.
 */
export function getNeighbourParcelUrl(sources: EsSourcesConfig, ref14: string): string {
  const query = new URLSearchParams({
    service: 'wfs',
    version: '2',
    request: 'storedqueries',
    STOREDQUERIE_ID: 'GetNeighbourParcel',
    REFCAT: ref14,
    srsname: WFS_SRSNAME,
  });
  return `${sources.wfsCpUrl}${sources.wfsCpUrl.includes('?') ? '&' : '?'}${query}`;
}

/** WFS stored query GetParcel, spelled the way the service spells it (`storedqueries`, `STOREDQUERIE_ID`). */
export function getParcelUrl(sources: EsSourcesConfig, ref14: string): string {
  const query = new URLSearchParams({
    service: 'wfs',
    version: '2',
    request: 'storedqueries',
    STOREDQUERIE_ID: 'GetParcel',
    REFCAT: ref14,
    srsname: WFS_SRSNAME,
  });
  return `${sources.wfsCpUrl}${sources.wfsCpUrl.includes('?') ? '&' : '?'}${query}`;
}
