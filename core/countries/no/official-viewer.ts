import type { OfficialViewer } from '../official-viewer.js';
import { splitNorwegianReference } from './reference.js';

/**
 * Norway: Kartverket's SeEiendom on the matrikkelenhet, by its numbers
 * `eiendom/<kommunenr>/<gårdsnr>/<bruksnr>/<festenr>/<seksjonsnr>`. No Kartverket page
 * describing the path was found; Kartverket's own map client builds it so
 * (kartverket/ol-react-kart, src/components/info-panel/PointInfo.tsx). Our references carry no
 * seksjonsnummer (the whole property), so it is 0, as other clients write it.
 */
export const NORWAY_OFFICIAL_VIEWER: OfficialViewer = {
  name: 'SeEiendom (Kartverket)',
  documentation: 'https://github.com/kartverket/ol-react-kart/blob/master/src/components/info-panel/PointInfo.tsx',
  url: (ref) => {
    const parts = splitNorwegianReference(ref);
    return parts && `https://seeiendom.kartverket.no/eiendom/${parts.kommune}/${parts.gnr}/${parts.bnr}/${parts.fnr}/0`;
  },
};
