import { candidatesRequestOf } from '../../address/candidates-input.js';
import { fold, nameSimilarity } from '../../address/normalize.js';
import { notFound, validationError, type AddressCandidatesResult, type AddressQuery } from '../../model/index.js';
import type { StoredParcel } from '../../store/types.js';
import type { AdapterContext, CountrySources } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { fetchText } from '../national/fetch-text.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { PL_CADASTRE_ATTRIBUTION, resolvePlSources } from './config.js';
import { PolandLiveSource } from './live-source.js';
import { PL_REFERENCE_HINT, PL_REFERENCE_SHAPE, parsePolishReference } from './reference.js';
import { UUG_ATTRIBUTION, UUG_SOURCE, parseUugAddresses, uugAddressUrl } from './uug.js';

/** `<precinct name> <number>` or a bare number: ULDK's GetParcelByIdOrNr search, only with `country=PL`. */
const NAME_AND_NUMBER = /^[\p{L}][\p{L} .'-]*\s+\d+[A-Za-z]?(\/\d+[A-Za-z]?)?$|^\d+[A-Za-z]?(\/\d+[A-Za-z]?)?$/u;

/**
 * Poland: GUGiK's ULDK by parcel id (GetParcelById), by point (GetParcelByXY, EPSG:2180) and,
 * under `country=PL`, by precinct name and number (GetParcelByIdOrNr); EGiB GML county exports
 * in bulk (egib-gml.ts). Addresses through GUGiK's UUG geocoder over the national address
 * register (uug.ts), each becoming the ULDK parcel under its point.
 */
export class PolandAdapter extends NationalAdapter {
  private readonly live: PolandLiveSource;

  constructor(config?: CountrySources) {
    const live = new PolandLiveSource(resolvePlSources(config));
    super({
      code: 'PL',
      name: 'Poland',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [14.07, 48.99, 24.15, 55.0],
      outlineId: '616',
      attribution: PL_CADASTRE_ATTRIBUTION,
      referenceHint: PL_REFERENCE_HINT,
      parseReference: parsePolishReference,
      referenceShape: PL_REFERENCE_SHAPE,
      live,
    });
    this.live = live;
  }

  /** UUG gives no score: the street's similarity to the one asked stands for it (confianza.ts weighs it). */
  override async searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    const request = candidatesRequestOf(query);
    const found = parseUugAddresses(await fetchText(uugAddressUrl(this.live.sources.uugUrl, request.address.texto), UUG_SOURCE, ctx, 'application/json'));
    const asked = request.address.calle !== undefined && fold(request.address.calle) !== '' ? request.address.calle : undefined;
    const geocoded = found.map((a) => ({
      direccion: a.label, point: a.point, numero: a.number, municipio: a.city, provincia: a.voivodeship, postcode: a.postcode,
      score: asked === undefined ? 1 : nameSimilarity(a.street ?? a.city ?? '', asked),
    }));
    return nationalAddressCandidates(this, request, geocoded, UUG_ATTRIBUTION, ctx);
  }

  override normalizeReference(ref: string): string {
    const search = ref.normalize('NFC').trim().replace(/\s+/g, ' ');
    return parsePolishReference(ref) === undefined && NAME_AND_NUMBER.test(search) ? search : super.normalizeReference(ref);
  }

  override async load(ref: string, ctx: AdapterContext): Promise<{ parcel: StoredParcel; live: boolean }> {
    if (parsePolishReference(ref) !== undefined) return super.load(ref, ctx);
    const search = this.normalizeReference(ref);
    const found = await this.live.byIdOrNumber(search, ctx);
    if (found.length > 1) {
      throw validationError(`'${search}' names ${found.length} Polish parcels (${found.map((p) => p.ref).join(', ')}); ask for one by its full id. ${PL_REFERENCE_HINT}`);
    }
    if (found.length === 0) throw notFound(`No Polish parcel is named '${search}'. ${PL_REFERENCE_HINT}`);
    await ctx.store.upsertParcels(found);
    return { parcel: found[0], live: true };
  }
}
