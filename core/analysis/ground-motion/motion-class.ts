/**
 * Class of a vertical velocity (mm/year, negative = subsidence). ±2 mm/year is the usual
 * stability band for EGMS velocities (about twice their typical uncertainty); 5 and 10 mm/year
 * separate slight, moderate and severe motion.
 */
export const MOTION_CLASSES: readonly { upTo: number; name: string }[] = [
  { upTo: -10, name: 'severe_subsidence' },
  { upTo: -5, name: 'moderate_subsidence' },
  { upTo: -2, name: 'slight_subsidence' },
  { upTo: 2, name: 'stable' },
  { upTo: 5, name: 'slight_uplift' },
  { upTo: 10, name: 'moderate_uplift' },
  { upTo: Number.POSITIVE_INFINITY, name: 'severe_uplift' },
];

export function motionClass(velocityMmYear: number): string {
  // Bands are closed towards zero: exactly −2 is slight subsidence, exactly +2 stable.
  if (velocityMmYear < 0) return MOTION_CLASSES.find((c) => velocityMmYear <= c.upTo)!.name;
  return MOTION_CLASSES.find((c) => velocityMmYear < c.upTo)!.name;
}
