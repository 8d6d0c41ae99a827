/** The zone a longitude falls in (6° wide, zone 1 from 180° W); Norway's and Svalbard's exceptions do not matter for cadastres here. */
export const utmZoneOf = (longitude: number): number => Math.min(60, Math.max(1, Math.floor((longitude + 180) / 6) + 1));
