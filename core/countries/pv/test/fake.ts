import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCountryFixture, type FakeAnswer, type FakeRoute } from '../../../../test/fake-upstream/countries/fake-server.js';
import { buildingsRoute, wfsRoute } from '../../../../test/fake-upstream/countries/foral.js';
import { writeZip } from '../../../../test/helpers/catastro-zips.js';
import type { CountryFake } from '../../../../test/helpers/country-golden.js';

/**
 * The Basque territories' services as the fake plays them, REAL recordings (./recordings,
 * PROVENANCE.md there):
 * - `/pv-gipuzkoa` (b5m): FES filter on cp:nationalCadastralReference 8594149, or a bbox inside
 *   it → the recording (two versions of the parcel, one expired);
 * - `/pv-araba` (GeoAraba): FES filter on INSPIRE_CP:nationalCadastralReference 64010007, or a
 *   bbox inside it → the recording (flat INSPIRE_CP feature in EPSG:25830);
 * - `/pv-bizkaia-wfs` (ArcGIS InspireFeatureDownload): a bbox inside 48.020.1619.04006 → the
 *   recording (the repository trimmed it to that one member); attribute filters are ignored, as
 *   the real service does;
 * - `/pv-bizkaia-atom/ES.BFA.CP.020.zip`: a zip holding the same recording as `ES.BFA.CP.gml`
 *   (the recording's source is probably that municipal download; the zip is built here); other
 *   zips are 404;
 * - `/bu-pv-*` (the territories' INSPIRE Buildings WFS): one building WRITTEN BY HAND on a
 *   recorded parcel (test/fake-upstream/countries/foral.ts; recordings/PROVENANCE.md).
 */
const RECORDED = {
  gipuzkoa: ['es-pv_gipuzkoa-b5m-wfs_getfeature_cp_8594149.xml'],
  araba: ['es-pv_araba-geoaraba-wfs_getfeature_cp_64010007.xml'],
  bizkaia: ['es-pv_bizkaia-inspire_cp_48.020.1619.04006.gml'],
};

/** Bizkaia's municipal download, built once from the recording (yazl writes zips to a stream only). */
const BIZKAIA_ZIP = await (async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fake-bizkaia-'));
  try {
    return readFileSync(await writeZip(path.join(dir, 'ES.BFA.CP.020.zip'), { 'ES.BFA.CP.gml': loadCountryFixture(RECORDED.bizkaia[0]) }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
})();

const bizkaiaAtom: FakeRoute = (url): FakeAnswer | undefined => {
  if (!url.pathname.startsWith('/pv-bizkaia-atom/')) return undefined;
  return url.pathname === '/pv-bizkaia-atom/ES.BFA.CP.020.zip'
    ? { status: 200, type: 'application/zip', body: BIZKAIA_ZIP }
    : { status: 404, type: 'text/plain', body: 'not found' };
};

const basqueRoutes: FakeRoute[] = [
  wfsRoute('/pv-gipuzkoa', RECORDED.gipuzkoa, true),
  wfsRoute('/pv-araba', RECORDED.araba, true),
  wfsRoute('/pv-bizkaia-wfs', RECORDED.bizkaia, false),
  buildingsRoute('/bu-pv-gipuzkoa', 'bu-ext2d:Building', RECORDED.gipuzkoa),
  buildingsRoute('/bu-pv-araba', 'INSPIRE_BU:BU.Building', RECORDED.araba),
  buildingsRoute('/bu-pv-bizkaia', 'bu-core2d:Building', RECORDED.bizkaia),
  bizkaiaAtom,
];

const basqueSources = (base: string) => ({
  bizkaiaWfsUrl: `${base}/pv-bizkaia-wfs`,
  bizkaiaAtomUrl: `${base}/pv-bizkaia-atom`,
  gipuzkoaWfsUrl: `${base}/pv-gipuzkoa`,
  arabaWfsUrl: `${base}/pv-araba`,
  bizkaiaBuildingsWfsUrl: `${base}/bu-pv-bizkaia`,
  gipuzkoaBuildingsWfsUrl: `${base}/bu-pv-gipuzkoa`,
  arabaBuildingsWfsUrl: `${base}/bu-pv-araba`,
});

/** PV's fake for its golden tests (pv.test.ts) and the fake Europe. */
export const fake: CountryFake = { routes: basqueRoutes, sources: basqueSources };
