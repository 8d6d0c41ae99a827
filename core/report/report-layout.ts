/** The A4 page of a parcel report, in PDF points (1/72 in): one layout for gathering and drawing. */
export const A4 = { width: 595.28, height: 841.89 };
export const MARGIN = 36;
/** The map frame: full text width, under the title block. */
export const REPORT_MAP = { x: MARGIN, y: 92, width: A4.width - 2 * MARGIN, height: 330 };
