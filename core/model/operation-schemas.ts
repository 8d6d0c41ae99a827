import { Type, type TSchema } from '@sinclair/typebox';
import {
  AddressCandidatesQuery,
  AddressParseBody,
  BatchBody,
  BatchParams,
  BatchResultParams,
  BatchResultQuery,
  CoordinatesBody,
  CopyBuildingParams,
  CountryQuery,
  ExportQuery,
  OverlayParams,
  OverlayQuery,
  RefcatParams,
  ReportQuery,
  RusticParcelQuery as RusticParcelQuerySchema,
  SelectionExportQuery,
  TileParams,
  UnitsQuery,
} from './http-schemas.js';
import type { PublicOperationName } from './operations.js';

/**
 * The HTTP schemas of each operation of the table (operations.ts), keyed by its names: what
 * fastify checks and the OpenAPI document shows (core/api/operation-route.ts). Apart from the
 * table so that the renderer, which needs only the routes, loads no TypeBox (100 KiB before
 * minification on its load path); `satisfies` below fails the type check when the two tables
 * list different operations.
 */
export interface OperationSchemas {
  /** Path parameters as fastify checks them (types and sizes; the facade checks values). */
  params?: TSchema;
  /** The input's fields not in the path: the query string (GET) or the JSON body (POST). */
  query?: TSchema;
  body?: TSchema;
  /** What a 2xx carries (the envelope's `data` for JSON answers), for the OpenAPI document. */
  output: TSchema;
}

/** An object answer documented by its main fields (those always present in `required`); the spec lists them all. */
const answer = (description: string, properties: Record<string, TSchema> = {}, required: readonly string[] = []) =>
  Type.Object(Object.fromEntries(Object.entries(properties).map(([field, schema]) => [field, required.includes(field) ? schema : Type.Optional(schema)])), {
    description,
    additionalProperties: true,
  });
const list = (description: string) => Type.Array(Type.Object({}, { additionalProperties: true }), { description });
const text = Type.String();
const number = Type.Number();

const ParcelAnswer = answer(
  'Parcel (spec: Parcel object).',
  {
    refCatastral: text,
    pais: text,
    direccion: text,
    municipio: text,
    provincia: text,
    latitud: number,
    longitud: number,
    mapsUrl: text,
    uso: text,
    superficieConstruida: number,
    superficieParcela: number,
    anioConstruccion: number,
    poligono: Type.Array(Type.Array(number)),
    dataSource: text,
    dataDate: text,
  },
  ['refCatastral', 'pais', 'latitud', 'longitud', 'mapsUrl', 'poligono'],
);
const FileAnswer = (mime: string) => Type.String({ description: `The file (${mime}), named by Content-Disposition.` });
const GeoJsonAnswer = answer('GeoJSON FeatureCollection (WGS84).', { type: Type.Literal('FeatureCollection'), features: list('Features.') });
const BatchAnswer = answer('A batch: progress, counts and problems.', {
  id: text,
  name: text,
  status: text,
  counts: answer('Rows done, found, failed, charged.'),
});

export const OPERATION_SCHEMAS = {
  parcel: { params: RefcatParams, query: CountryQuery, output: ParcelAnswer },
  rusticParcel: { query: RusticParcelQuerySchema, output: ParcelAnswer },
  units: {
    params: RefcatParams,
    query: UnitsQuery,
    output: answer('Units page (spec: Units page).', { unidades: list('Unit objects.'), nextCursor: Type.Union([text, Type.Null()]) }),
  },
  parcelAt: {
    body: CoordinatesBody,
    output: answer('The reference at the point, its distance and address (spec: endpoint 4).', { referenciaCatastral: text, pais: text }),
  },
  parcelAtPoint: { body: CoordinatesBody, output: ParcelAnswer },
  polygon: {
    params: RefcatParams,
    query: CountryQuery,
    output: answer('GeoJSON Feature of the outline (WGS84).', { type: Type.Literal('Feature'), geometry: answer('Polygon or MultiPolygon.') }),
  },
  addressCandidates: {
    query: AddressCandidatesQuery,
    output: answer('The address as read and its ranked candidates.', {
      consulta: answer('The address as read.'),
      candidatos: list('Candidates, best first.'),
      attribution: text,
    }),
  },
  addressParse: { body: AddressParseBody, output: answer('The finca at the address.', { referenciaCatastral: text, refCat14: text, direccion: text }) },
  exportFile: { query: ExportQuery, output: FileAnswer('KML or GPX') },
  exportSelection: { body: SelectionExportQuery, output: FileAnswer('GeoJSON or GeoPackage') },
  report: { params: RefcatParams, query: ReportQuery, output: FileAnswer('application/pdf') },
  batchPreview: { body: BatchBody, output: answer('Columns found and recognised, first rows.', { columns: Type.Array(text) }) },
  batchStart: { body: BatchBody, output: BatchAnswer },
  batchList: { output: Type.Array(BatchAnswer) },
  batchState: { params: BatchParams, output: BatchAnswer },
  batchResume: { params: BatchParams, output: BatchAnswer },
  batchCancel: { params: BatchParams, output: BatchAnswer },
  batchResult: { params: BatchResultParams, query: BatchResultQuery, output: FileAnswer('CSV, GeoJSON, GeoPackage or KML') },
  status: { output: answer('Service health and one entry per source.', { status: text, sources: list('Sources.') }) },
  extents: { output: list('Boxes of the copy.') },
  copyBuilding: { params: CopyBuildingParams, output: answer('Building facts of the copy.') },
  analysis: { params: RefcatParams, query: CountryQuery, output: answer('The analysis (spec: endpoints 7 to 10 and 12).') },
  overlay: { params: OverlayParams, query: OverlayQuery, output: GeoJsonAnswer },
  parcelTile: { params: TileParams, output: FileAnswer('application/vnd.mapbox-vector-tile') },
} as const satisfies Record<PublicOperationName, OperationSchemas>;
