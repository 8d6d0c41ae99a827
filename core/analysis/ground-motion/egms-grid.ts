/**
 * EGMS Ortho L3 cell size (m): cells are centred on the 100 m grid's half-hectometres, axis-aligned
 * squares in EPSG:3035 (the grid's own CRS). The tables are core/store/analysis-tables.ts.
 */
export const EGMS_CELL_SIZE_M = 100;
