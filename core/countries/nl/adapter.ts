import { candidatesRequestOf } from '../../address/candidates-input.js';
import type { AddressCandidatesResult, AddressQuery } from '../../model/index.js';
import type { AdapterContext, CountrySources } from '../adapter.js';
import { nationalAddressCandidates } from '../national/address-candidates.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { NL_CADASTRE_ATTRIBUTION, resolveNlSources } from './config.js';
import { NetherlandsLiveSource } from './live-source.js';
import { NL_REFERENCE_HINT, NL_REFERENCE_SHAPE, parseDutchReference } from './reference.js';

const LOCATIESERVER_ATTRIBUTION = 'PDOK Locatieserver (BAG, Kadaster)';

/**
 * The Netherlands: BRK parcels through PDOK's OGC API Features (by kadastrale aanduiding and by
 * point), addresses through the Locatieserver (each address names its parcels), Kadastrale Kaart
 * GML in bulk (dkk-gml.ts).
 */
export class NetherlandsAdapter extends NationalAdapter {
  private readonly live: NetherlandsLiveSource;

  constructor(config?: CountrySources) {
    const live = new NetherlandsLiveSource(resolveNlSources(config));
    super({
      code: 'NL',
      name: 'the Netherlands',
      coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: false },
      bounds: [3.2, 50.7, 7.3, 53.7],
      outlineId: '528',
      attribution: NL_CADASTRE_ATTRIBUTION,
      referenceHint: NL_REFERENCE_HINT,
      parseReference: parseDutchReference,
      referenceShape: NL_REFERENCE_SHAPE,
      live,
    });
    this.live = live;
  }

  override async searchAddress(query: AddressQuery, ctx: AdapterContext): Promise<AddressCandidatesResult> {
    const request = candidatesRequestOf(query);
    const found = await this.live.addresses(request.address.texto, Math.max(request.limit * 2, 10), ctx);
    const geocoded = found.map((a) => ({
      direccion: a.weergavenaam,
      point: a.point,
      numero: a.huisnummer,
      municipio: a.woonplaats ?? a.gemeente,
      provincia: a.provincie,
      postcode: a.postcode,
      score: a.score,
      linkedParcel: a.percelen[0],
    }));
    return nationalAddressCandidates(this, request, geocoded, LOCATIESERVER_ATTRIBUTION, ctx);
  }
}
