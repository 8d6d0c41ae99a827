/** The parcel fields a report prints, in print order, and the facts it adds for rustic land. */
export type ReportFieldLabel =
  | 'refCatastral'
  | 'pais'
  | 'direccion'
  | 'codigoPostal'
  | 'municipio'
  | 'provincia'
  | 'poligonoParcela'
  | 'paraje'
  | 'latitud'
  | 'longitud'
  | 'uso'
  | 'clase'
  | 'superficieParcela'
  | 'superficieConstruida'
  | 'anioConstruccion'
  | 'coefParticipacion'
  | 'participacion'
  | 'escalera'
  | 'planta'
  | 'puerta'
  | 'dataSource'
  | 'dataDate'
  | 'attribution'
  | 'mapsUrl';

/** EGMS classes (core/analysis/ground-motion) as the report names them. */
export type GroundMotionClassName =
  'severe_subsidence' | 'moderate_subsidence' | 'slight_subsidence' | 'stable' | 'slight_uplift' | 'moderate_uplift' | 'severe_uplift';

/**
 * Every text of the PDF report in one language. Values arrive formatted (numbers in the
 * language's own form); sentences are functions so each language orders its words. Counts stand
 * after a colon, so no language needs plural forms here.
 */
export interface ReportText {
  heading: string;
  documentTitle: (ref: string) => string;
  generated: (when: string) => string;
  fields: Record<ReportFieldLabel, string>;
  poligonoParcela: (poligono: number, parcela: number) => string;
  sources: { clone: string; local_clone: string; catastro: string; notStated: string };
  sections: { parcel: string; units: string; outline: (vertices: string) => string; hazards: string };
  moreVertices: (count: string) => string;
  units: {
    count: string;
    totalBuilt: string;
    needsConnection: string;
    failed: string;
    copyKnows: string;
    use: string;
    builtArea: string;
    year: string;
    dwellings: string;
    buildingUnits: string;
  };
  neighboursUnavailable: string;
  protectedAreas: { label: string; noLayer: string; inside: (pct: string) => string; overlaps: (pct: string) => string; none: string };
  groundMotion: {
    label: string;
    noLayerLoaded: string;
    noReflector: string;
    summary: (motionClass: string, vertical: string, period: string) => string;
    detail: (worstClass: string, subsidence: string, coverage: string) => string;
    classes: Record<GroundMotionClassName, string>;
  };
  solar: {
    label: string;
    noData: string;
    summary: (kwhYear: string, kwp: string, irradiation: string) => string;
    detail: (saving: string, payback: string, co2: string) => string;
  };
  scale: (denominator: string) => string;
  footerSource: (date: string, source: string) => string;
  footerOwner: (owner: string) => string;
  ownerFallback: (country: string) => string;
  viewer: (url: string) => string;
}
