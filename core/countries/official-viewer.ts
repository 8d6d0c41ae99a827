import type { LonLat } from '../model/index.js';

/**
 * A country's official public cadastre viewer and how to open it at one parcel. Only formats the
 * owner documents (or shows in its own pages), or that an established public client uses, are
 * used; `documentation` names that page or client.
 * Pure (no I/O): the renderer builds its "Open in the official viewer" link with the same rule.
 */
export interface OfficialViewer {
  /** The viewer's own name, shown in the link ("Sede Electrónica del Catastro"). */
  readonly name: string;
  /** Where the owner documents the deep-link format used by `url`. */
  readonly documentation: string;
  /**
   * The viewer at this parcel: by its canonical reference, or by its centroid where the viewer
   * takes coordinates; undefined when the reference lacks what the format needs.
   */
  url(ref: string, centroid: LonLat): string | undefined;
}
