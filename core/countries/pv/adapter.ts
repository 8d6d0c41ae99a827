import type { CountrySources } from '../adapter.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { resolvePvSources } from './config.js';
import { BasqueLiveSource } from './live-source.js';
import { PV_REFERENCE_HINT, PV_REFERENCE_SHAPE, parseBasqueReference } from './reference.js';

/**
 * Basque Country (PV): the foral cadastres of Bizkaia, Gipuzkoa and Álava, each through its own
 * INSPIRE service (SOURCES.md 1b). The reference's shape names the territory. No units per finca
 * (spec: `/units` is 422 for PV); address search goes through Spain's (`country=ES`), whose
 * geocoder returns the foral reference with `pais` = `PV`.
 */
export class BasqueCountryAdapter extends NationalAdapter {
  readonly live: BasqueLiveSource;

  constructor(config?: CountrySources) {
    const live = new BasqueLiveSource(resolvePvSources(config));
    super({
      code: 'PV',
      name: 'Basque Country',
      coverage: { byReference: true, byCoordinates: true, byAddress: false, units: false, analysis: true },
      bounds: [-3.46, 42.46, -1.72, 43.47],
      outlineId: '724',
      territoryOf: 'ES',
      coverageNotes: {
        units: 'The foral cadastre of the Basque Country keeps its own register and publishes no units (dwellings) per finca through an open service; ask the parcel by reference instead.',
        byAddress: 'Addresses in the Basque Country are searched with country=ES: the national geocoder returns the foral reference.',
      },
      attribution: live.cadastres.map((c) => c.attribution).join('; '),
      referenceHint: PV_REFERENCE_HINT,
      parseReference: (raw) => parseBasqueReference(raw)?.ref,
      referenceShape: PV_REFERENCE_SHAPE,
      live,
    });
    this.live = live;
  }
}
