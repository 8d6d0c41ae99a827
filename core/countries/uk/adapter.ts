import {
  notFound,
  noCoverage,
  pointText,
  type AddressCandidatesResult,
  type AddressQuery,
  type BBox,
  type CoordinateMatch,
  type LonLat,
} from '../../model/index.js';
import type { AdapterContext, CountrySources, SourceCheck } from '../adapter.js';
import { GeoJsonParcelSource } from '../national/geojson-source.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { nationalCoordinateMatch } from '../national/parcel-answers.js';
import { resolveSources } from '../national/sources-config.js';
import { DEFAULT_NOMINATIM_URL, nominatimStatusCheck, openGeocoderCandidates, type OpenGeocoderOptions } from '../national/nominatim.js';
import { UK_REFERENCE_HINT, parseInspireId } from './reference.js';
import { ROS_WMS_URL, rosWmsProfile } from './ros-wms.js';
import { IMPORT_AUTHORITY_FILE, NORTHERN_IRELAND_CLOSED, NO_REGISTERED_TITLE, inNorthernIreland, inScotland } from './scotland.js';

export interface UkSourcesConfig {
  /** Registers of Scotland INSPIRE Cadastral Parcels view service (WMS GetFeatureInfo): Scotland's parcel at a point. */
  cpWmsUrl: string;
  /** Open geocoder for addresses (the official ones need keys). */
  geocoderUrl: string;
}

export const DEFAULT_UK_SOURCES: UkSourcesConfig = { cpWmsUrl: ROS_WMS_URL, geocoderUrl: DEFAULT_NOMINATIM_URL };
export const UK_SOURCES_ENV: Record<keyof UkSourcesConfig, string> = { cpWmsUrl: 'CATASTRO_UK_CP_WMS_URL', geocoderUrl: 'CATASTRO_UK_GEOCODER_URL' };

export const UK_CADASTRE_ATTRIBUTION =
  '© Crown copyright. Reproduced with the permission of Registers of Scotland (INSPIRE Cadastral Parcels, Scotland) and of HM Land Registry (INSPIRE Index Polygons, England and Wales, Open Government Licence). Contains OS data © Crown copyright and database rights, Ordnance Survey 100026316.';

const NO_REFERENCE =
  "The United Kingdom is answered by coordinates (the spec's coverage row): look the parcel up by coordinates in Scotland, or import HM Land Registry's INSPIRE Index Polygons for England and Wales; a parcel found so is then kept and answers by reference.";

/** Imported parcels this close to a point (a box of twice this side, in degrees ≈ 500 m) mean its authority's file is in the copy. */
const IMPORTED_NEARBY_DEGREES = 0.005;

/**
 * United Kingdom (the spec's row, "by coordinates"): Scotland from Registers of Scotland's WMS,
 * England and Wales from HM Land Registry's INSPIRE Index Polygons imported into the copy (uk/
 * hmlr-gml.ts; no service answers a point there), Northern Ireland not at all (LPS publishes no
 * open parcels). No lookup by reference; addresses in Scotland only.
 */
export class UnitedKingdomAdapter extends NationalAdapter {
  private readonly geocoderUrl: string;
  private readonly geocoding: OpenGeocoderOptions;

  constructor(config?: CountrySources) {
    const sources = resolveSources(DEFAULT_UK_SOURCES, config);
    super({
      code: 'UK',
      name: 'United Kingdom',
      coverage: { byReference: false, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [-8.7, 49.8, 1.8, 60.9],
      outlineId: '826',
      statusPoint: [-3.1883, 55.9533],
      coverageNotes: { byReference: NO_REFERENCE },
      attribution: UK_CADASTRE_ATTRIBUTION,
      referenceHint: UK_REFERENCE_HINT,
      parseReference: parseInspireId,
      live: new GeoJsonParcelSource(rosWmsProfile(sources.cpWmsUrl), NO_REFERENCE),
    });
    this.geocoderUrl = sources.geocoderUrl;
    this.geocoding = {
      language: 'en',
      outsideCoverage: (p) =>
        inScotland(p)
          ? undefined
          : "the United Kingdom's addresses are searched in Scotland only (Registers of Scotland); in England and Wales look the parcel up by coordinates after importing the authority's INSPIRE Index Polygons.",
    };
  }

  /** The spec: no UK lookup by reference, so the shape never takes part in detection. */
  override matchesReference(): boolean {
    return false;
  }

  override async parcelAt(point: LonLat, ctx: AdapterContext): Promise<CoordinateMatch> {
    if (inScotland(point)) return super.parcelAt(point, ctx);
    if (inNorthernIreland(point)) throw noCoverage(`United Kingdom (UK): ${NORTHERN_IRELAND_CLOSED}`);
    const imported = await ctx.store.parcelAt(point, this.code);
    if (imported) return nationalCoordinateMatch(imported, point, this.attribution);
    if (await this.importedNear(point, ctx)) throw notFound(`No UK parcel at ${pointText(point)}: ${NO_REGISTERED_TITLE}`);
    throw noCoverage(`United Kingdom (UK): ${IMPORT_AUTHORITY_FILE}`);
  }

  /** Whether an imported authority's parcels lie around the point (then a point without one is a road or unregistered land). */
  private async importedNear([lon, lat]: LonLat, ctx: AdapterContext): Promise<boolean> {
    const d = IMPORTED_NEARBY_DEGREES;
    const box: BBox = [lon - d, lat - d, lon + d, lat + d];
    return (await ctx.store.parcelsInBBox(box, 100)).some((p) => p.country === this.code && p.source === 'bulk');
  }

  override statusChecks(): SourceCheck[] {
    return [...super.statusChecks(), nominatimStatusCheck(this.geocoderUrl, this.code, 'Edinburgh')];
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return openGeocoderCandidates(this, query, ctx, this.geocoderUrl, this.geocoding);
  }
}
