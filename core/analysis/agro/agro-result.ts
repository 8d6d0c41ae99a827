import type { AgroResult } from '../types.js';
import type { SigpacRecinto } from './sigpac-client.js';
import { sigpacUse } from './sigpac-uses.js';

/**
 * The spec's Agro result from a SIGPAC enclosure. `ndvi` and `precios_mercado` are left out: no
 * real source for them is reachable from this application, and the spec's values are never invented.
 * Only the spec's field names are written (no source or code fields of our own): clients match on them.
 */
export function agroFromRecinto(r: SigpacRecinto): AgroResult {
  const use = sigpacUse(r.uso_sigpac);
  return {
    cultivo_principal: use.cultivo,
    uso_suelo: use.uso,
    ...(typeof r.superficie === 'number' ? { superficie_ha: r.superficie } : {}),
    ...(typeof r.coef_regadio === 'number' ? { coef_regadio: r.coef_regadio } : {}),
    recinto: {
      provincia: r.provincia,
      municipio: r.municipio,
      poligono: r.poligono,
      parcela: r.parcela,
      recinto: r.recinto,
      ...(typeof r.altitud === 'number' ? { altitud: r.altitud } : {}),
      ...(typeof r.pendiente_media === 'number' ? { pendiente_media: r.pendiente_media } : {}),
    },
  };
}

/** Urban parcels carry no agricultural data (spec: `cultivo_principal` = `urbano`). */
export function urbanAgro(areaM2: number): AgroResult {
  return {
    cultivo_principal: 'urbano',
    uso_suelo: 'Zona urbana',
    ...(areaM2 > 0 ? { superficie_ha: Math.round(areaM2) / 10_000 } : {}),
  };
}
