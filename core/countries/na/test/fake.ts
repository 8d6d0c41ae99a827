import { buildingsRoute, wfsRoute } from '../../../../test/fake-upstream/countries/foral.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * Navarre's services as the fake plays them, REAL recordings (./recordings, PROVENANCE.md there):
 * - `/na-wfs` (Navarre RRTN INSPIRE WFS): FES filter on 001010001 → the IDENA GetFeature
 *   recording; on 217050626 → the RRTN GML of that parcel (a real WFS 2.0 FeatureCollection of
 *   the same cp/4.0 schema, downloaded from the RRTN, in EPSG:25830: the service's answer when
 *   asked that srsName); a bbox around a point inside either parcel → that file;
 * - `/bu-na` (its INSPIRE Buildings WFS): one building WRITTEN BY HAND on a recorded parcel
 *   (test/fake-upstream/countries/foral.ts; recordings/PROVENANCE.md).
 */
const RECORDED = ['es-na_idena-inspire-wfs_getfeature_cp_001010001.xml', 'es-na_rrtn_cp_gml_217050626.gml'];

const navarreRoutes = [wfsRoute('/na-wfs', RECORDED, true), buildingsRoute('/bu-na', 'BU:Building', RECORDED)];
const navarreSources = (base: string) => ({ wfsUrl: `${base}/na-wfs`, buildingsWfsUrl: `${base}/bu-na` });

/** NA's fake for its golden tests (na.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: navarreRoutes, sources: navarreSources };
