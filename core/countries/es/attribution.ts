/** Owner of Spain's cadastral data; the spec makes showing it with the data mandatory. */
export const CATASTRO_ATTRIBUTION = 'Dirección General del Catastro';
