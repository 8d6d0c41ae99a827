import { candidatesRequestOf } from '../../address/candidates-input.js';
import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { LU_CADASTRE_ATTRIBUTION, LU_GEOCODER_ATTRIBUTION, resolveLuSources } from './config.js';
import { LuxembourgLiveSource } from './live-source.js';
import { LU_REFERENCE_HINT, LU_REFERENCE_SHAPE, parseLuxembourgReference } from './reference.js';

/**
 * Luxembourg: parcels from ACT's INSPIRE CP WFS as GeoJSON (by reference, by point), addresses
 * from the geoportail.lu geocoder, each address's parcel the one under its point.
 */
export class LuxembourgAdapter extends NationalAdapter {
  private readonly live: LuxembourgLiveSource;

  constructor(config?: CountrySources) {
    const live = new LuxembourgLiveSource(resolveLuSources(config));
    super({
      code: 'LU',
      name: 'Luxembourg',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [5.73, 49.44, 6.53, 50.19],
      outlineId: '442',
      statusPoint: [6.1296, 49.6116],
      attribution: LU_CADASTRE_ATTRIBUTION,
      referenceHint: LU_REFERENCE_HINT,
      parseReference: parseLuxembourgReference,
      referenceShape: LU_REFERENCE_SHAPE,
      live,
    });
    this.live = live;
  }

  override async searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    const request = candidatesRequestOf(query);
    const found = await this.live.addresses(request.address.texto, ctx);
    const geocoded = found.map((a) => ({
      direccion: a.label,
      point: a.point,
      numero: a.number,
      municipio: a.locality,
      postcode: a.zip,
      score: a.ratio ?? 1,
    }));
    return nationalAddressCandidates(this, request, geocoded, LU_GEOCODER_ATTRIBUTION, ctx);
  }
}
