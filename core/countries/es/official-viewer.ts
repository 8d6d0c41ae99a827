import type { OfficialViewer } from '../official-viewer.js';
import { sedeViewerUrl } from './reference.js';

/** Spain: the Sede Electrónica del Catastro's cartography viewer, centred on the finca (`?refcat=` the 14-character finca). */
export const SPAIN_OFFICIAL_VIEWER: OfficialViewer = {
  name: 'Sede Electrónica del Catastro',
  // The link the app had before this table; no owner page describing `refcat=` was found (core/countries/README.md).
  documentation: 'https://www1.sedecatastro.gob.es/Cartografia/mapa.aspx',
  url: (ref) => sedeViewerUrl(ref),
};
