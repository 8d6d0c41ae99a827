import { area, length, lineString, polygon } from '@turf/turf';

/** Geodesic length of a path in metres (turf: great-circle distances on the WGS84 mean radius). */
export function pathLengthM(points: [number, number][]): number {
  return points.length < 2 ? 0 : length(lineString(points), { units: 'kilometers' }) * 1000;
}

/** Geodesic area of the closed ring through the points, in m² (turf's spherical excess). */
export function ringAreaM2(points: [number, number][]): number {
  if (points.length < 3) return 0;
  return area(polygon([[...points, points[0]]]));
}

/** Degrees, minutes and seconds with the hemisphere letter: 41° 3′ 36.07″ N. */
export function toDms(value: number, axis: 'lat' | 'lon'): string {
  const hemisphere = axis === 'lat' ? (value >= 0 ? 'N' : 'S') : value >= 0 ? 'E' : 'W';
  const total = Math.abs(value) * 3600;
  let degrees = Math.floor(total / 3600);
  let minutes = Math.floor((total - degrees * 3600) / 60);
  let seconds = Math.round((total - degrees * 3600 - minutes * 60) * 100) / 100;
  if (seconds >= 60) {
    seconds -= 60;
    minutes++;
  }
  if (minutes >= 60) {
    minutes -= 60;
    degrees++;
  }
  return `${degrees}° ${minutes}′ ${seconds.toFixed(2)}″ ${hemisphere}`;
}
