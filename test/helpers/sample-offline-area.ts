import type { OfflineArea } from '../../core/model/index.js';

/** The bundled sample's area as the copy lists it: the Catastro's file of 25 September 2024, downloaded in November 2026. */
export const SAMPLE_OFFLINE_AREA: OfflineArea = {
  id: 'ES.40146',
  country: 'ES',
  code: '40146',
  name: 'MELQUE DE CERCOS',
  province: 'SEGOVIA',
  source: 'https://www.catastro.hacienda.gob.es/INSPIRE/CadastralParcels/40/40146-MELQUE DE CERCOS/A.ES.SDGC.CP.40146.zip',
  dataDate: '2024-09-25',
  parcels: 1443,
  buildings: 0,
  bytes: 812_000,
  updatedAt: '2026-11-20T10:30:00.000Z',
};
