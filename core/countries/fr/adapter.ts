import { candidatesRequestOf } from '../../address/candidates-input.js';
import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources } from '../adapter.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { searchFrenchAddress } from './address-search.js';
import { FR_CADASTRE_ATTRIBUTION, FR_ETALAB_ATTRIBUTION, resolveFrSources } from './config.js';
import { FranceLiveSource } from './live-source.js';
import { FR_REFERENCE_HINT, FR_REFERENCE_PARTS, FR_REFERENCE_SHAPE, parseFrenchReference } from './reference.js';

/**
 * France: parcels from IGN API Carto (by IDU and by point), addresses from the BAN, bulk from
 * the Etalab cadastre GeoJSON (etalab-geojson.ts). By reference also use, built area, year and
 * dwellings of its buildings from IGN BD TOPO (bdtopo.ts); the spec's parcel has no floors field,
 * so floors only enter the built area. A field no building gives is left out (`availableFields`).
 */
export class FranceAdapter extends NationalAdapter {
  private readonly live: FranceLiveSource;
  readonly referenceParts = FR_REFERENCE_PARTS;

  constructor(config?: CountrySources) {
    const live = new FranceLiveSource(resolveFrSources(config));
    super({
      code: 'FR',
      name: 'France',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: true },
      // Metropolitan France and Corsica (overseas departments have their own CRS and are not served).
      bounds: [-5.3, 41.3, 9.7, 51.2],
      outlineId: '250',
      attribution: FR_CADASTRE_ATTRIBUTION,
      bulkAttribution: FR_ETALAB_ATTRIBUTION,
      referenceHint: FR_REFERENCE_HINT,
      parseReference: parseFrenchReference,
      referenceShape: FR_REFERENCE_SHAPE,
      live,
    });
    this.live = live;
  }

  override searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    return searchFrenchAddress(this, this.live, candidatesRequestOf(query), ctx);
  }
}
