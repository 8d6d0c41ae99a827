import { fromWgs84, isLatitudeFirst } from '../../geo/crs.js';
import { bboxContains } from '../../geo/bbox.js';
import { isServiceError, noCoverage, type LonLat } from '../../model/index.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext, SourceCheck } from '../adapter.js';
import { InspireWfsSource } from '../inspire/inspire-source.js';
import type { InspireWfsProfile } from '../inspire/profile.js';
import { urnOf } from '../inspire/wfs-request.js';
import { GeoJsonParcelSource, numberOf, textOf } from '../national/geojson-source.js';
import { GmlParcelSource } from '../national/gml-features.js';
import type { LiveParcelSource } from '../national/national-adapter.js';
import { withQuery } from '../national/sources-config.js';
import { BAVARIA_REASON, LANDER, landByCode, type Land } from './lander.js';
import { landOfReference, parseGermanReference, writtenKennzeichenForms } from './reference.js';

const CP = 'http://inspire.ec.europa.eu/schemas/cp/4.0';

/** FES 2.0 filter: `property` equals any form a Land writes the reference in. */
function kennzeichenFilter(property: string, ref: string, namespaces = ''): string {
  const equals = writtenKennzeichenForms(ref).map(
    (v) => `<fes:PropertyIsEqualTo><fes:ValueReference>${property}</fes:ValueReference><fes:Literal>${v}</fes:Literal></fes:PropertyIsEqualTo>`,
  );
  return `<fes:Filter xmlns:fes="http://www.opengis.net/fes/2.0"${namespaces}>${equals.length > 1 ? `<fes:Or>${equals.join('')}</fes:Or>` : equals[0]}</fes:Filter>`;
}

const sourceName = (land: Land) => `ALKIS ${land.name}`;

/** A box of `metres` around a point in `epsg`, in that CRS's URN axis order, URN last. */
function boxIn(epsg: number, [lon, lat]: LonLat, metres: number): string {
  const dLat = metres / 111_320;
  const dLon = metres / (111_320 * Math.cos((lat * Math.PI) / 180));
  const corners = [
    [lon - dLon, lat - dLat],
    [lon + dLon, lat + dLat],
  ].map(([x, y]) => fromWgs84(epsg, x, y));
  const [minX, minY, maxX, maxY] = [
    Math.min(corners[0][0], corners[1][0]),
    Math.min(corners[0][1], corners[1][1]),
    Math.max(corners[0][0], corners[1][0]),
    Math.max(corners[0][1], corners[1][1]),
  ];
  const urn = urnOf(epsg);
  const digits = epsg === 4326 || epsg === 4258 ? 7 : 2;
  const ordered = isLatitudeFirst(urn) ? [minY, minX, maxY, maxX] : [minX, minY, maxX, maxY];
  return [...ordered.map((v) => v.toFixed(digits)), urn].join(',');
}

function inspireProfile(land: Land, epsg: number): InspireWfsProfile {
  return {
    country: 'DE',
    source: sourceName(land),
    typeName: 'cp:CadastralParcel',
    srsEpsg: epsg,
    bboxEpsg: epsg,
    pointBoxMetres: 5,
    referenceOf: (ids) => parseGermanReference(ids.nationalRef ?? ''),
    byReference: (ref) => ({ FILTER: kennzeichenFilter('cp:nationalCadastralReference', ref, ` xmlns:cp="${CP}"`) }),
  };
}

/** One Land's service as a live source, at `url` (the configured one or the official default). */
function landSource(land: Land, url: string): LiveParcelSource | undefined {
  const service = land.service;
  if (!service) return undefined;
  if (service.kind === 'inspire')
    return new InspireWfsSource(
      url,
      inspireProfile(land, service.epsg),
      `${sourceName(land)} answers parcels by reference through a filter on nationalCadastralReference.`,
    );
  if (service.kind === 'ave') {
    const featureName = service.typeName.split(':').pop()!;
    const getFeature = (extra: Record<string, string>) =>
      withQuery(
        url,
        new URLSearchParams({
          SERVICE: 'WFS',
          VERSION: '2.0.0',
          REQUEST: 'GetFeature',
          TYPENAMES: service.typeName,
          SRSNAME: urnOf(service.epsg),
          ...extra,
        }),
      );
    return new GmlParcelSource({
      country: 'DE',
      source: sourceName(land),
      featureNames: new Set([featureName]),
      srsName: urnOf(service.epsg),
      referenceOf: (v) => parseGermanReference(v.flstkennz ?? ''),
      areaOf: (v) => numberOf(v.flaeche ?? v.amtlicheFlaeche),
      factsOf: (v) => ({ municipio: v.gemeinde, provincia: land.name }),
      aroundUrl: (point) => getFeature({ BBOX: boxIn(service.epsg, point, 5), COUNT: '100' }),
      byReferenceUrl: (ref) => getFeature({ FILTER: kennzeichenFilter('flstkennz', ref), COUNT: '5' }),
    });
  }
  // Berlin: GeoJSON, box written longitude first with the bare `EPSG:4326` (SOURCES.md 15: the URN form finds nothing there).
  const getFeature = (extra: Record<string, string>) =>
    withQuery(
      url,
      new URLSearchParams({
        service: 'WFS',
        version: '2.0.0',
        request: 'GetFeature',
        typeNames: 'alkis_flurstuecke:flurstuecke',
        outputFormat: 'application/json',
        srsName: 'EPSG:4326',
        ...extra,
      }),
    );
  return new GeoJsonParcelSource({
    country: 'DE',
    source: sourceName(land),
    referenceOf: (p) => parseGermanReference(textOf(p.fsko) ?? ''),
    areaOf: (p) => numberOf(p.afl),
    factsOf: () => ({ municipio: 'Berlin', provincia: land.name }),
    aroundUrl: ([lon, lat]) =>
      getFeature({
        bbox: `${(lon - 0.0001).toFixed(7)},${(lat - 0.0001).toFixed(7)},${(lon + 0.0001).toFixed(7)},${(lat + 0.0001).toFixed(7)},EPSG:4326`,
        count: '50',
      }),
    byReferenceUrl: (ref) => getFeature({ FILTER: kennzeichenFilter('fsko', ref), count: '5' }),
  });
}

/** Option name of a Land's base URL (`niWfsUrl`) and its environment variable (`CATASTRO_DE_NI_WFS_URL`). */
export const landOption = (land: Land) => `${land.key}WfsUrl`;
export const landEnv = (land: Land) => `CATASTRO_DE_${land.key.toUpperCase()}_WFS_URL`;

/**
 * Germany's live parcels: the Land's own service, picked by the Kennzeichen's first two digits
 * for a reference, and for a point by the Länder whose extent holds it (smallest first: Berlin
 * before Brandenburg, Bremen and Hamburg before Niedersachsen), the first whose parcel contains
 * the point. Bavaria answers 422 with the reason, by reference and by point.
 */
export class GermanyLiveSource implements LiveParcelSource {
  private readonly sources = new Map<string, LiveParcelSource>();

  constructor(urls: Readonly<Record<string, string>>) {
    for (const land of LANDER) {
      const source = land.service && landSource(land, urls[landOption(land)] ?? land.service.url);
      if (source) this.sources.set(land.code, source);
    }
  }

  async byReference(ref: string, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const land = landByCode(landOfReference(ref));
    if (!land) return undefined;
    const source = this.sources.get(land.code);
    if (!source) throw noCoverage(land.uncovered ?? BAVARIA_REASON);
    const parcel = await source.byReference(ref, ctx);
    return parcel && { ...parcel, provincia: parcel.provincia ?? land.name };
  }

  async at(point: LonLat, ctx: AdapterContext): Promise<StoredParcel | undefined> {
    const area = (l: Land) => (l.extent[2] - l.extent[0]) * (l.extent[3] - l.extent[1]);
    const candidates = LANDER.filter((l) => bboxContains(l.extent, point)).sort((a, b) => area(a) - area(b));
    let failure: unknown;
    for (const land of candidates) {
      const source = this.sources.get(land.code);
      if (!source) continue;
      try {
        const parcel = await source.at(point, ctx);
        if (parcel) return { ...parcel, provincia: parcel.provincia ?? land.name };
      } catch (error) {
        if (!isServiceError(error)) throw error;
        failure ??= error;
      }
    }
    if (failure) throw failure;
    const uncovered = candidates.find((l) => l.uncovered);
    if (uncovered) throw noCoverage(uncovered.uncovered!);
    return undefined;
  }

  statusChecks(): SourceCheck[] {
    return LANDER.flatMap((land) => {
      const [w, s, e, n] = land.extent;
      return this.sources.get(land.code)?.statusChecks?.([(w + e) / 2, (s + n) / 2]) ?? [];
    });
  }
}
