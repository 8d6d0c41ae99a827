// Which CRSs the sources use and how their srsNames read, without proj4: the parse worker checks a
// ring's CRS with these alone and leaves the reprojection (crs.ts, proj4) to the importing thread,
// so it does not load proj4 at its start (docs/performance.md "Import against GDAL").

/**
 * CRS definitions of the sources we read. proj4 ships only 4326/3857; these strings are the
 * EPSG registry's proj definitions (ETRS89 = GRS80 with no datum shift at this accuracy).
 */
export const DEFINITIONS: Record<number, string> = {
  4258: '+proj=longlat +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +no_defs',
  4081: '+proj=longlat +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +no_defs', // REGCAN95 geographic
  4083: '+proj=utm +zone=28 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs', // REGCAN95 / UTM 28N
  6706: '+proj=longlat +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +no_defs', // RDN2008 (Italy)
  3035: '+proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  2154: '+proj=lcc +lat_0=46.5 +lon_0=3 +lat_1=49 +lat_2=44 +x_0=700000 +y_0=6600000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
  28992:
    '+proj=sterea +lat_0=52.1561605555556 +lon_0=5.38763888888889 +k=0.9999079 +x_0=155000 +y_0=463000 +ellps=bessel +towgs84=565.417,50.3319,465.552,-0.398957,0.343988,-1.8774,4.0725 +units=m +no_defs', // Amersfoort→WGS84 as PROJ's best EPSG operation (the earlier rotations, with the other sign convention, put points ~160 m off)
  3006: '+proj=utm +zone=33 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs', // SWEREF99 TM (Sweden)
  2180: '+proj=tmerc +lat_0=0 +lon_0=19 +k=0.9993 +x_0=500000 +y_0=-5300000 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs',
};
// Czechia's S-JTSK / Krovak East North (negative easting and northing), EPSG's 7-parameter shift to WGS 84 (agrees with PROJ to 5 cm).
DEFINITIONS[5514] =
  '+proj=krovak +lat_0=49.5 +lon_0=24.8333333333333 +alpha=30.2881397527778 +k=0.9999 +x_0=0 +y_0=0 +ellps=bessel +towgs84=570.8,85.7,462.8,4.998,1.587,5.261,3.56 +units=m +no_defs';
// Poland's PL-2000 zones 5-8 (EGiB county data): transverse Mercator on 15°, 18°, 21°, 24° E.
for (const [epsg, meridian] of [
  [2176, 15],
  [2177, 18],
  [2178, 21],
  [2179, 24],
]) {
  DEFINITIONS[epsg] =
    `+proj=tmerc +lat_0=0 +lon_0=${meridian} +k=0.999923 +x_0=${meridian / 3}500000 +y_0=0 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;
}
// Switzerland's CH1903+ / LV95 (EPSG:2056), PROJ's definition with EPSG's 3-parameter shift (the official viewer's centre, ch/official-viewer.ts).
DEFINITIONS[2056] =
  '+proj=somerc +lat_0=46.9524055555556 +lon_0=7.43958333333333 +k_0=1 +x_0=2600000 +y_0=1200000 +ellps=bessel +towgs84=674.374,15.056,405.346,0,0,0,0 +units=m +no_defs';
// Great Britain's OSGB36 / British National Grid (EPSG:27700: HM Land Registry's INSPIRE Index Polygons, Registers of Scotland's WMS), easting first, with EPSG's 7-parameter shift to WGS 84 (about 2 m; OSTN15 is not shipped).
DEFINITIONS[27700] =
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy +towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs';
// Finland's ETRS-TM35FIN (EPSG:3067): ETRS89 UTM zone 35 N, easting first.
DEFINITIONS[3067] = '+proj=utm +zone=35 +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs';
for (let zone = 28; zone <= 33; zone++) {
  DEFINITIONS[25800 + zone] = `+proj=utm +zone=${zone} +ellps=GRS80 +towgs84=0,0,0,0,0,0,0 +units=m +no_defs`;
  DEFINITIONS[32600 + zone] = `+proj=utm +zone=${zone} +datum=WGS84 +units=m +no_defs`;
}

/** Geographic CRSs: in GML 3.2 and URN/URI srsNames their axis order is latitude first. */
const GEOGRAPHIC = new Set([4326, 4258, 4081, 6706]);

/** Projected CRSs whose EPSG axis order is northing first (PL-2000: X = north). */
const NORTHING_FIRST = new Set([2176, 2177, 2178, 2179]);

export function isSupportedEpsg(epsg: number): boolean {
  return epsg === 4326 || epsg === 3857 || epsg in DEFINITIONS;
}

export function isGeographic(epsg: number): boolean {
  return GEOGRAPHIC.has(epsg);
}

/**
 * EPSG code named by any of the srsName spellings seen in real files:
 * `http://www.opengis.net/def/crs/EPSG/0/25830`, `urn:ogc:def:crs:EPSG::25830`,
 * `urn:ogc:def:crs:EPSG:6.3:25830`, `EPSG:25830`, `EPSG::25830`.
 */
export function epsgFromSrsName(srsName: string): number | undefined {
  const match = /EPSG(?::[\d.]*:|:|\/[\d.]+\/|::)(\d{4,5})\s*$/i.exec(srsName.trim());
  return match ? Number(match[1]) : undefined;
}

/**
 * True when coordinates written under this srsName put latitude (or northing) first. The legacy `EPSG:4326`
 * form is lon/lat by convention; URN and URI forms follow the EPSG axis order.
 */
export function isLatitudeFirst(srsName: string): boolean {
  const epsg = epsgFromSrsName(srsName);
  if (epsg === undefined || !(GEOGRAPHIC.has(epsg) || NORTHING_FIRST.has(epsg))) return false;
  return !/^EPSG:\d+$/i.test(srsName.trim());
}
