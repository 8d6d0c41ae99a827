import { fromWgs84, spanishUtmEpsgFor } from '../../geo/crs.js';
import { pointText, todayIso, unavailable, type LonLat, type RusticParcelQuery } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext } from '../adapter.js';
import type { CountrySources } from '../adapter.js';
import { dnpppUrl, dnprcUrl, getNeighbourParcelUrl, getParcelUrl, rccoorUrl, resolveEsSources, type EsSourcesConfig } from './config.js';
import { parseDnprc, type DnprcAnswer } from './ovc-dnprc.js';
import { parseRccoor, type RccoorMatch } from './ovc-rccoor.js';
import { parseGetParcelAnswer, parseParcelsAnswer } from './wfs-answer.js';

/** Breaker names: the OVC WCF application (DNPRC, RCCOOR) and the INSPIRE WFS fail independently. */
export const OVC_SOURCE = 'Catastro OVC';
export const WFS_SOURCE_NAME = 'Catastro INSPIRE WFS';

/** UTM zones the cadastre uses on the mainland and the Balearics (EPSG:25829–25831). */
const MAINLAND_UTM = new Set([25829, 25830, 25831]);

/** Spain's official live services: HTTP through the context's UpstreamClient, then the parsers. */
export class SpainLiveSource {
  readonly sources: EsSourcesConfig;

  constructor(config: CountrySources = {}) {
    this.sources = resolveEsSources(config);
  }

  private async get(url: string, source: string, ctx: AdapterContext, accept: string): Promise<string> {
    const answer = await ctx.http.getText(url, { source, signal: ctx.signal, accept });
    // Both services report their own refusals with HTTP 200; any other status is the service failing.
    if (answer.status !== 200) throw unavailable(`${source} answered HTTP ${answer.status}; retry later.`);
    return answer.body;
  }

  /** Outline and official area (WFS GetParcel), in WGS84. */
  async parcel(ref14: string, ctx: AdapterContext): Promise<StoredParcel> {
    const body = await this.get(getParcelUrl(this.sources, ref14), WFS_SOURCE_NAME, ctx, 'application/xml, text/xml');
    return parseGetParcelAnswer(body, { ref: ref14, dataDate: todayIso() });
  }

  /** The parcels bordering a parcel (WFS GetNeighbourParcel), the parcel itself left out, in WGS84. */
  async neighbours(ref14: string, ctx: AdapterContext): Promise<StoredParcel[]> {
    const body = await this.get(getNeighbourParcelUrl(this.sources, ref14), WFS_SOURCE_NAME, ctx, 'application/xml, text/xml');
    return parseParcelsAnswer(body, { ref: ref14, dataDate: todayIso() }).filter((p) => p.ref !== ref14);
  }

  /** Every property of a finca (Consulta_DNPRC with the 14-character reference). */
  async finca(ref14: string, ctx: AdapterContext): Promise<DnprcAnswer> {
    const body = await this.get(dnprcUrl(this.sources, ref14), OVC_SOURCE, ctx, 'application/json');
    return parseDnprc(body, { ref: ref14, dataDate: todayIso() });
  }

  /** The rustic finca of polígono/parcela in a municipality (Consulta_DNPPP_Codigos), read as Consulta_DNPRC's answer. */
  async rusticFinca(asked: RusticParcelQuery, ctx: AdapterContext): Promise<DnprcAnswer> {
    const body = await this.get(dnpppUrl(this.sources, asked), OVC_SOURCE, ctx, 'application/json');
    return parseDnprc(body, { ref: '', subject: rusticSubject(asked), dataDate: todayIso(), operation: 'dnppp' });
  }

  /**
   * Parcels at a point (Consulta_RCCOOR). Asked in the UTM zone the cadastre itself uses there
   * (as the recorded request was), rounded to the centimetre; in the Canaries, whose zone 28 is
   * outside the ETRS89 zones that SOURCES.md lists for the service, in EPSG:4326 (X = longitude).
   */
  async parcelsAt(point: LonLat, ctx: AdapterContext): Promise<RccoorMatch[]> {
    const [lon, lat] = point;
    const epsg = spanishUtmEpsgFor(lon);
    const [srs, x, y] = MAINLAND_UTM.has(epsg)
      ? ([`EPSG:${epsg}`, ...fromWgs84(epsg, lon, lat).map((v) => Math.round(v * 100) / 100)] as const)
      : (['EPSG:4326', lon, lat] as const);
    const body = await this.get(rccoorUrl(this.sources, srs, x, y), OVC_SOURCE, ctx, 'application/json');
    return parseRccoor(body, `The point ${pointText(point)}`);
  }
}

/** How errors name a rustic parcel asked by its numbers. */
export function rusticSubject(asked: RusticParcelQuery): string {
  return `Polígono ${asked.poligono}, parcela ${asked.parcela} of municipality ${asked.municipio} (province ${asked.provincia})`;
}
