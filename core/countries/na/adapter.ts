import type { CountrySources } from '../adapter.js';
import { NationalAdapter } from '../national/national-adapter.js';
import { NA_ATTRIBUTION, resolveNaSources } from './config.js';
import { NavarreLiveSource } from './live-source.js';
import { NA_REFERENCE_HINT, NA_REFERENCE_SHAPE, parseNavarreReference } from './reference.js';

/**
 * Navarre (NA): the Registro de la Riqueza Territorial through its INSPIRE WFS (SOURCES.md 1b).
 * No units per finca (`/units` is 422 for NA); address search goes through Spain's (`country=ES`).
 */
export class NavarreAdapter extends NationalAdapter {
  readonly live: NavarreLiveSource;

  constructor(config?: CountrySources) {
    const live = new NavarreLiveSource(resolveNaSources(config));
    super({
      code: 'NA',
      name: 'Navarre',
      coverage: { byReference: true, byCoordinates: true, byAddress: false, units: false, analysis: true },
      bounds: [-2.51, 41.90, -0.72, 43.32],
      outlineId: '724',
      territoryOf: 'ES',
      coverageNotes: {
        units: 'The foral cadastre of Navarre keeps its own register and publishes no units (dwellings) per finca through an open service; ask the parcel by reference instead.',
        byAddress: 'Addresses in Navarre are searched with country=ES: the national geocoder returns the foral reference.',
      },
      attribution: NA_ATTRIBUTION,
      referenceHint: NA_REFERENCE_HINT,
      parseReference: parseNavarreReference,
      referenceShape: NA_REFERENCE_SHAPE,
      live,
    });
    this.live = live;
  }
}
