import { containsPoint } from '../../geo/polygon.js';
import type { LonLat } from '../../model/index.js';
import { HMLR_INSPIRE_DOWNLOAD_PAGE } from './hmlr-files.js';

/**
 * A rough outline of Scotland (mainland and islands, with its sea), for the spec's "Scotland
 * only": the border from the Solway Firth to Berwick, the North Channel between Kintyre and
 * Northern Ireland. Points near the border are decided by this outline, not by the legal line.
 */
const SCOTLAND: LonLat[] = [
  [-3.6, 54.75],
  [-3.05, 54.95],
  [-2.6, 55.1],
  [-2.2, 55.45],
  [-2.03, 55.81],
  [-1.0, 57.0],
  [-0.3, 61.0],
  [-2.5, 61.2],
  [-9.2, 59.5],
  [-9.0, 57.5],
  [-7.6, 56.0],
  [-6.3, 55.35],
  [-5.95, 55.2],
  [-5.2, 54.55],
  [-3.6, 54.75],
];

/**
 * A rough outline of Northern Ireland with its loughs and coast (the border with Ireland by its
 * main bends): west of the North Channel, which no point of Great Britain is.
 */
const NORTHERN_IRELAND: LonLat[] = [
  [-5.3, 54.0],
  [-6.1, 54.0],
  [-6.6, 54.05],
  [-7.05, 54.2],
  [-7.6, 54.1],
  [-8.2, 54.45],
  [-7.8, 54.7],
  [-7.55, 55.05],
  [-7.2, 55.3],
  [-6.2, 55.35],
  [-5.5, 55.1],
  [-5.3, 54.0],
];

export function inScotland(point: LonLat): boolean {
  return containsPoint({ type: 'Polygon', coordinates: [SCOTLAND] }, point);
}

export function inNorthernIreland(point: LonLat): boolean {
  return !inScotland(point) && containsPoint({ type: 'Polygon', coordinates: [NORTHERN_IRELAND] }, point);
}

/** Why a point in Northern Ireland gets no parcel: its land registry publishes none openly. */
export const NORTHERN_IRELAND_CLOSED =
  'Northern Ireland publishes no open cadastral parcels: Land & Property Services (LPS) sells its Land Registry maps and offers no open INSPIRE download or view service to query.';

/** Why a point in England or Wales without an imported file gets no parcel, and what to do. */
export const IMPORT_AUTHORITY_FILE = `England and Wales are answered from HM Land Registry's INSPIRE Index Polygons (open data, OGL), imported one local authority at a time, and the local copy holds no file covering this point: download the authority's zip from ${HMLR_INSPIRE_DOWNLOAD_PAGE} and import it (catastro import <authority>.zip, or File > Import cadastre files… in the app).`;

/** Why a point inside an imported authority's parcels has none: the polygons cover registered freehold titles only. */
export const NO_REGISTERED_TITLE =
  "HM Land Registry's INSPIRE Index Polygons hold registered freehold titles only: roads, unregistered land and leaseholds have none.";
