import type { BBox, LonLat } from '../model/index.js';

/** Metres per degree of latitude, and of longitude at the equator (WGS84 mean values; report-map accuracy). */
const METRES_PER_DEGREE_LAT = 110_574;
const METRES_PER_DEGREE_LON = 111_320;
/** One PDF point is 1/72 inch. */
export const METRES_PER_POINT = 0.0254 / 72;

/** Map scales a surveyor reads without a calculator, largest first. */
const STANDARD_SCALES = [250, 500, 1000, 2000, 2500, 5000, 10_000, 25_000, 50_000, 100_000, 250_000];

export interface MapFrame {
  /** Scale denominator: 1:scale on paper. */
  scale: number;
  /** Paper points per ground metre. */
  pointsPerMetre: number;
  /** The ground box shown, in WGS84. */
  bbox: BBox;
  /** Paper position (points from the frame's top-left) of a WGS84 point. */
  project(point: LonLat): [number, number];
}

/**
 * A north-up map frame of `width` × `height` points around `focus`, at the largest standard scale
 * that shows the focus box with a margin for its neighbours (the box fills at most `fill` of the
 * frame). A local equirectangular projection is exact enough at parcel size (< 0.1 % over a km).
 */
export function mapFrame(focus: BBox, width: number, height: number, fill = 0.55): MapFrame {
  const [minLon, minLat, maxLon, maxLat] = focus;
  const centre: LonLat = [(minLon + maxLon) / 2, (minLat + maxLat) / 2];
  const lonMetres = METRES_PER_DEGREE_LON * Math.cos((centre[1] * Math.PI) / 180);
  const groundWidth = Math.max((maxLon - minLon) * lonMetres, 20);
  const groundHeight = Math.max((maxLat - minLat) * METRES_PER_DEGREE_LAT, 20);
  const fitPointsPerMetre = Math.min((width * fill) / groundWidth, (height * fill) / groundHeight);
  const fitScale = 1 / (fitPointsPerMetre * METRES_PER_POINT);
  const scale = STANDARD_SCALES.find((s) => s >= fitScale) ?? Math.ceil(fitScale / 100_000) * 100_000;
  const pointsPerMetre = 1 / (scale * METRES_PER_POINT);
  const halfLon = width / 2 / pointsPerMetre / lonMetres;
  const halfLat = height / 2 / pointsPerMetre / METRES_PER_DEGREE_LAT;
  return {
    scale,
    pointsPerMetre,
    bbox: [centre[0] - halfLon, centre[1] - halfLat, centre[0] + halfLon, centre[1] + halfLat],
    project: ([lon, lat]) => [
      width / 2 + (lon - centre[0]) * lonMetres * pointsPerMetre,
      height / 2 - (lat - centre[1]) * METRES_PER_DEGREE_LAT * pointsPerMetre,
    ],
  };
}

/** A scale-bar length in metres: 1, 2 or 5 × 10ⁿ, the largest that fits in `maxPoints` of paper. */
export function scaleBarMetres(pointsPerMetre: number, maxPoints: number): number {
  const maxMetres = maxPoints / pointsPerMetre;
  const power = 10 ** Math.floor(Math.log10(maxMetres));
  return [5, 2, 1].map((m) => m * power).find((m) => m <= maxMetres) ?? power;
}
