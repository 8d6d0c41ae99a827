import type { BBox } from './geometry.js';

/** Where the local copy has parcels: one box per offline area (or per municipality for files imported outside one). */
export interface CopyExtent {
  /** The offline area's id (e.g. `ES.40146`), else `country:municipality`. */
  area: string;
  name?: string;
  bbox: BBox;
  parcels: number;
}
