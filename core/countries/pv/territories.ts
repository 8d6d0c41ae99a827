import type { BBox } from '../../model/index.js';
import type { ForalBuildingsWfs } from '../foral/building-use.js';
import type { ForalWfs } from '../foral/wfs.js';
import type { PvSources } from './country.js';
import type { BasqueTerritory } from './reference.js';

/** One Basque foral territory: its cadastre's service, extent and the credit it requires. */
export interface BasqueCadastre {
  territory: BasqueTerritory;
  name: string;
  /** Rough extent; a point is asked of every territory whose extent holds it (they overlap). */
  bounds: BBox;
  attribution: string;
  wfs: ForalWfs;
  buildings: ForalBuildingsWfs;
}

/** SOURCES.md 1b: the three services, their feature types and which property a filter names. */
export function basqueCadastres(sources: PvSources): Record<BasqueTerritory, BasqueCadastre> {
  return {
    bizkaia: {
      territory: 'bizkaia',
      name: 'Bizkaia',
      bounds: [-3.46, 42.97, -2.4, 43.47],
      attribution: '©Bizkaiko Foru Aldundia – Diputación Foral de Bizkaia, Catastro (INSPIRE)',
      // Attribute filters are ignored there (live check 2026-09-14): bounding boxes only.
      wfs: { source: 'Bizkaia INSPIRE WFS (Catastro)', baseUrl: sources.bizkaiaWfsUrl, typeName: 'cp:CadastralParcel' },
      buildings: { source: 'Bizkaia INSPIRE Buildings WFS (Catastro)', baseUrl: sources.bizkaiaBuildingsWfsUrl, typeName: 'bu-core2d:Building' },
    },
    gipuzkoa: {
      territory: 'gipuzkoa',
      name: 'Gipuzkoa',
      bounds: [-2.62, 42.88, -1.72, 43.41],
      attribution: 'Gipuzkoako Foru Aldundia – Diputación Foral de Gipuzkoa, b5m Catastro (INSPIRE)',
      wfs: {
        source: 'Gipuzkoa b5m INSPIRE WFS (Catastro)',
        baseUrl: sources.gipuzkoaWfsUrl,
        typeName: 'cp:CadastralParcel',
        referenceProperty: { name: 'cp:nationalCadastralReference', xmlns: 'xmlns:cp="http://inspire.ec.europa.eu/schemas/cp/4.0"' },
      },
      buildings: { source: 'Gipuzkoa b5m INSPIRE Buildings WFS (Catastro)', baseUrl: sources.gipuzkoaBuildingsWfsUrl, typeName: 'bu-ext2d:Building' },
    },
    araba: {
      territory: 'araba',
      name: 'Álava/Araba',
      bounds: [-3.3, 42.46, -2.23, 43.23],
      attribution: 'Arabako Foru Aldundia – Diputación Foral de Álava, GeoAraba Catastro (CC BY 4.0)',
      wfs: {
        source: 'Álava GeoAraba WFS (Catastro)',
        baseUrl: sources.arabaWfsUrl,
        typeName: 'INSPIRE_CP:CP.CadastralParcel',
        referenceProperty: { name: 'INSPIRE_CP:nationalCadastralReference', xmlns: 'xmlns:INSPIRE_CP="INSPIRE_CP"' },
      },
      buildings: { source: 'Álava GeoAraba Buildings WFS (Catastro)', baseUrl: sources.arabaBuildingsWfsUrl, typeName: 'INSPIRE_BU:BU.Building' },
    },
  };
}
