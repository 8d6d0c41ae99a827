import { countryRow } from '../national/country-row.js';
import { textOf } from '../national/geojson-source.js';
import { propertyOf } from '../national/geoserver-wfs.js';
import { PT_EVIDENCE } from './evidence.js';
import { outsidePortugueseCoverage } from './partial.js';
import { PT_REFERENCE_HINT, PT_REFERENCE_SHAPE, parsePortugueseReference } from './reference.js';

/**
 * Portugal (partial, as the spec says): no Lisbon, Porto, Coimbra by coordinates or address
 * (422 naming the município); the source is often down, so its lookups go through the upstream
 * client's retries and its own circuit breaker like every source (503 when it stays down).
 * SOURCES.md 15: GeoServer, native PT-TM06 (EPSG:3763); the box must be the URN of EPSG:4326
 * (latitude first: a bare `EPSG:4326` box silently matches nothing) and `srsName=EPSG:4326` is
 * honoured (national/geoserver-wfs.ts asks exactly so). The flat layer's property names
 * (`nationalcadastralreference`, `areavalue`, `municipio`) and a CQL filter on the reference are
 * UNCERTAIN there.
 */
export const portugal = countryRow({
  code: 'PT',
  name: 'Portugal',
  coverage: { byReference: true, byCoordinates: true, byAddress: true, units: false, analysis: true },
  bounds: [-9.6, 36.9, -6.1, 42.2],
  outlineId: '620',
  statusPoint: [-8.8071, 39.7436],
  attribution: 'Direção-Geral do Território (DGT) – Cadastro Predial, INSPIRE Cadastral Parcels',
  sources: {
    /** DGT's INSPIRE WFS (GeoServer, SNIC): `inspire:cadastralparcel`. */
    cpWfsUrl: { url: 'https://snicws.dgterritorio.gov.pt/geoserver/inspire/ows', env: 'CATASTRO_PT_CP_WFS_URL' },
  },
  reference: { parse: parsePortugueseReference, hint: PT_REFERENCE_HINT, shape: PT_REFERENCE_SHAPE },
  live: {
    kind: 'geoserver',
    url: 'cpWfsUrl',
    source: 'DGT INSPIRE CP WFS (SNIC)',
    typeName: 'inspire:cadastralparcel',
    boxMetres: 5,
    referenceField: 'nationalcadastralreference',
    areaField: 'areavalue',
    factsOf: (p) => ({ municipio: textOf(propertyOf(p, 'municipio')) }),
  },
  address: { kind: 'nominatim', probe: 'Leiria', language: 'pt' },
  outsideCoverage: outsidePortugueseCoverage,
  evidence: PT_EVIDENCE,
});
