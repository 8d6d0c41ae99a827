import type { LandClass } from '../../model/index.js';

/** `clase` as the Catastro writes it. */
export const CLASE_OF_LAND_CLASS: Record<LandClass, string> = { urban: 'Urbano', rustic: 'Rústico' };

/**
 * Spain's urban/rustic rule, the only copy: in a 14-character (or longer) reference the 6th
 * character is a letter for rustic parcels (the sector letter before the polígono) and a digit
 * for urban ones (SOURCES.md 1.6). Shorter texts have no class.
 */
export function landClassOfReference(ref: string): LandClass | undefined {
  if (ref.length < 14) return undefined;
  return /[A-ZÑ]/i.test(ref[5]) ? 'rustic' : 'urban';
}

/** The `clase` a Spanish reference implies (Urbano/Rústico), where the source gave none. */
export function claseOfReference(ref: string): string | undefined {
  const landClass = landClassOfReference(ref);
  return landClass && CLASE_OF_LAND_CLASS[landClass];
}
