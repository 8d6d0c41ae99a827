import type { BBox } from '../../model/index.js';

/**
 * The 16 Länder: ALKIS code (the Flurstückskennzeichen's first two digits), name, a rough
 * extent (from the Länder outlines, with a margin; used to pick the services a point is asked
 * of) and the Land's parcel service (SOURCES.md 5 and 15). Bavaria has none: its INSPIRE WFS
 * answers 401 (Basic realm "INSPIRE-WFS ALKIS"), so the spec's coverage is 15 of 16.
 *
 * `inspire`: an INSPIRE CP WFS 2.0 (`cp:CadastralParcel`), asked in the CRS the evidence shows
 * working (`epsg`: 4326 or 4258 URN, latitude first; 25832 easting first).
 * `ave`: where no INSPIRE WFS answers, the Land's ALKIS WFS in the AdV simplified schema
 * (`ave:Flurstueck`; Bremen `app:flurstuecke`): GML features with `flstkennz` and `flaeche`,
 * the live services SOURCES.md 15 names, BBOX in `epsg`.
 * `berlin`: Berlin's ALKIS WFS (`alkis_flurstuecke:flurstuecke`, GeoJSON, not INSPIRE).
 */
export interface Land {
  code: string;
  key: string;
  name: string;
  extent: BBox;
  service?: { kind: 'inspire'; url: string; epsg: number } | { kind: 'ave'; url: string; typeName: string; epsg: number } | { kind: 'berlin'; url: string };
  /** Why the Land is not served (Bavaria). */
  uncovered?: string;
}

export const BAVARIA_REASON =
  'Bavaria (Land 09) is not covered: its cadastral parcel service (ALKIS INSPIRE WFS) answers only with a login (HTTP 401), so the service covers 15 of the 16 Länder.';

export const LANDER: readonly Land[] = [
  {
    code: '01',
    key: 'sh',
    name: 'Schleswig-Holstein',
    extent: [7.8, 53.3, 11.4, 55.1],
    service: { kind: 'inspire', url: 'https://service.gdi-sh.de/SH_INSPIREDOWNLOAD_AI_CP_ALKIS', epsg: 4326 },
  },
  // Hamburg's INSPIRE WFS answers HTTP 500 to every spatial query (SOURCES.md 15): its simplified ALKIS WFS instead.
  {
    code: '02',
    key: 'hh',
    name: 'Hamburg',
    extent: [8.4, 53.38, 10.34, 53.97],
    service: { kind: 'ave', url: 'https://geodienste.hamburg.de/WFS_HH_ALKIS_vereinfacht', typeName: 'ave:Flurstueck', epsg: 25832 },
  },
  {
    code: '03',
    key: 'ni',
    name: 'Niedersachsen',
    extent: [6.6, 51.28, 11.62, 53.9],
    service: { kind: 'inspire', url: 'https://www.inspire.niedersachsen.de/doorman/noauth/alkis-dls-cp', epsg: 4326 },
  },
  // Bremen has no INSPIRE CP WFS (only a WMS): its ALKIS parcels WFS (SOURCES.md 15, live).
  {
    code: '04',
    key: 'hb',
    name: 'Bremen',
    extent: [8.48, 53.01, 9.0, 53.61],
    service: { kind: 'ave', url: 'https://geodienste.bremen.de/wfs_hduk2958loah3976niun', typeName: 'app:flurstuecke', epsg: 25832 },
  },
  // NRW's INSPIRE CP WFS is only in client configuration; its simplified ALKIS WFS is the live-proven channel (SOURCES.md 15).
  {
    code: '05',
    key: 'nw',
    name: 'Nordrhein-Westfalen',
    extent: [5.85, 50.32, 9.47, 52.54],
    service: { kind: 'ave', url: 'https://www.wfs.nrw.de/geobasis/wfs_nw_alkis_vereinfacht', typeName: 'ave:Flurstueck', epsg: 25832 },
  },
  {
    code: '06',
    key: 'he',
    name: 'Hessen',
    extent: [7.76, 49.39, 10.24, 51.66],
    service: { kind: 'inspire', url: 'https://inspire-hessen.de/ows/services/org.2.07247d95-adc7-4c7d-9c7a-ed17af855317_wfs', epsg: 4258 },
  },
  // Rheinland-Pfalz's INSPIRE CP entry proxies to a host that does not resolve: its ALKIS WFS (SOURCES.md 15, live).
  {
    code: '07',
    key: 'rp',
    name: 'Rheinland-Pfalz',
    extent: [6.1, 48.96, 8.52, 50.95],
    service: { kind: 'ave', url: 'https://geo5.service24.rlp.de/wfs/alkis_rp.fcgi', typeName: 'ave:Flurstueck', epsg: 25832 },
  },
  {
    code: '08',
    key: 'bw',
    name: 'Baden-Württemberg',
    extent: [7.5, 47.52, 10.5, 49.8],
    service: { kind: 'inspire', url: 'https://owsproxy.lgl-bw.de/owsproxy/wfs/WFS_INSP_BW_Flst_ALKIS', epsg: 4258 },
  },
  { code: '09', key: 'by', name: 'Bayern', extent: [8.97, 47.27, 13.84, 50.57], uncovered: BAVARIA_REASON },
  {
    code: '10',
    key: 'sl',
    name: 'Saarland',
    extent: [6.35, 49.1, 7.41, 49.64],
    service: { kind: 'inspire', url: 'https://geoportal.saarland.de/gdi-sl/inspirewfs_Flurstuecke_Grundstuecke_ALKIS', epsg: 4258 },
  },
  {
    code: '11',
    key: 'be',
    name: 'Berlin',
    extent: [13.08, 52.33, 13.77, 52.68],
    service: { kind: 'berlin', url: 'https://gdi.berlin.de/services/wfs/alkis_flurstuecke' },
  },
  {
    code: '12',
    key: 'bb',
    name: 'Brandenburg',
    extent: [11.26, 51.35, 14.77, 53.56],
    service: { kind: 'inspire', url: 'https://inspire.brandenburg.de/services/cp_alkis_wfs', epsg: 4326 },
  },
  {
    code: '13',
    key: 'mv',
    name: 'Mecklenburg-Vorpommern',
    extent: [10.58, 53.1, 14.42, 54.69],
    service: { kind: 'inspire', url: 'https://www.geodaten-mv.de/dienste/inspire_cp_alkis_download', epsg: 4326 },
  },
  {
    code: '14',
    key: 'sn',
    name: 'Sachsen',
    extent: [11.86, 50.17, 15.05, 51.69],
    service: { kind: 'inspire', url: 'https://geodienste.sachsen.de/aaa/public_inspire/alkis/cp/dls/wfs', epsg: 4258 },
  },
  {
    code: '15',
    key: 'st',
    name: 'Sachsen-Anhalt',
    extent: [10.55, 50.93, 13.2, 53.05],
    service: { kind: 'inspire', url: 'https://geodatenportal.sachsen-anhalt.de/ows_INSPIRE_LVermGeo_ALKIS_CP_WFS', epsg: 4326 },
  },
  // Thüringen's INSPIRE CP WFS is reported dead: its ALKIS WFS, whose BBOX must be in EPSG:25832 metres (SOURCES.md 15).
  {
    code: '16',
    key: 'th',
    name: 'Thüringen',
    extent: [9.87, 50.2, 12.66, 51.65],
    service: { kind: 'ave', url: 'https://www.geoproxy.geoportal-th.de/geoproxy/services/adv_alkis_v2_wfs', typeName: 'ave:Flurstueck', epsg: 25832 },
  },
];

export const landByCode = (code: string) => LANDER.find((l) => l.code === code);
