import { Type, type Static } from '@sinclair/typebox';
import { OVERLAY_KINDS } from './analysis.js';
import { FEATURE_FORMATS } from './batch.js';
import { HAZARD_LAYER_KINDS } from './hazard-layers.js';
import { LATITUDE_RANGE, LONGITUDE_RANGE } from './geometry.js';

/**
 * The value ranges of every input, once, as TypeBox schemas (JSON Schema). The facade checks its
 * input against them (core/input.ts, core/address/candidates-input.ts), so HTTP routes and
 * Electron IPC, which both call the facade, refuse and accept the same values with the same 400
 * VALIDATION_ERROR; the routes' OpenAPI schemas and the IPC payload checks
 * (electron/validate-input.ts) are built from these too. Patterns are written without `\p{…}`
 * so that TypeBox's checker (plain RegExp) and fastify's Ajv (`u` flag) read them alike.
 */

/** Longest reference any entry point takes (all countries' references are far shorter). */
export const REFERENCE_MAX = 64;

/**
 * A cadastral reference as typed, of any country: Latin (with accents and ligatures), Greek or
 * Cyrillic letters, digits, and the separators countries write (space . - / _ , :). What each
 * country accepts beyond this shape is its adapter's `normalizeReference`.
 */
export const Reference = Type.String({
  minLength: 1,
  maxLength: REFERENCE_MAX,
  pattern: '^[0-9A-Za-z\u00C0-\u024F\u0370-\u03FF\u0400-\u04FF .\\-/_,:]+$',
  description: 'Cadastral reference, e.g. 9872023VH5797S (ES finca, 14 characters) or 9872023VH5797S0001WX (ES unit, 20).',
});

/** Parcels one selection export holds at most (a drawn box over a town can catch thousands). */
export const MAX_SELECTION = 2000;

export const ReferenceList = Type.Array(Reference, { minItems: 1, maxItems: MAX_SELECTION });

/** The spec's two-letter country code, any case (`optionalCountry` upper-cases it). */
export const CountryParam = Type.String({ pattern: '^[A-Za-z]{2}$', description: 'Two-letter country code such as ES, PV or NA.' });

/** Spec endpoint 2: the `nextCursor` of the previous page, `^[0-9A-Z]{20}$` (upper case only). */
export const Cursor = Type.String({ pattern: '^[0-9A-Z]{20}$', description: 'nextCursor of the previous page (^[0-9A-Z]{20}$).' });
export const CURSOR_PATTERN = new RegExp(Cursor.pattern!);

export const Latitude = Type.Number({ ...LATITUDE_RANGE, description: 'WGS84 latitude, decimal degrees.' });
export const Longitude = Type.Number({ ...LONGITUDE_RANGE, description: 'WGS84 longitude, decimal degrees.' });

/** A map box [minLon, minLat, maxLon, maxLat] in WGS84 degrees; min ≤ max is checked beside it (core/input.ts requireBBox). */
export const BBoxValue = Type.Tuple([Longitude, Latitude, Longitude, Latitude]);

export const OverlayKindValue = Type.Union(OVERLAY_KINDS.map((kind) => Type.Literal(kind)));
export const OVERLAY_LIMIT_DEFAULT = 5000;
/** Features of one overlay answer: 1 to 20000, default 5000. */
export const OverlayLimit = Type.Integer({ minimum: 1, maximum: 20000, default: OVERLAY_LIMIT_DEFAULT });

/** Spec endpoint 1: `q` 3 to 200 characters (trimmed). */
export const AddressText = Type.String({ minLength: 3, maxLength: 200 });
export const ADDRESS_LIMIT_DEFAULT = 5;
/** Spec endpoint 1: `limit` 1 to 10, default 5. */
export const AddressLimit = Type.Integer({ minimum: 1, maximum: 10, default: ADDRESS_LIMIT_DEFAULT });
/** Spec endpoint 1: `number`, an integer ≥ 1. */
export const HouseNumber = Type.Integer({ minimum: 1, maximum: 99999 });
export const MunicipalityText = Type.String({ maxLength: 100 });
/** Spec endpoint 5: `direccion`, 1 to 300 characters (trimmed). */
export const Direccion = Type.String({ minLength: 1, maxLength: 300 });

/**
 * A Spanish rustic parcel as farm spreadsheets and agronomists name it: province, municipality,
 * polígono and parcela, the numbers a rustic reference is made of (SOURCES.md 1.6: province(2) +
 * municipality(3) + sector letter + polígono(3) + parcela(5)). `provincia` is the INE province
 * code (01–52) or the province's name; `municipio` the Catastro's municipality code, the one in
 * the reference (1 to 4 digits, with or without leading zeros), INE's 5-digit code (province +
 * municipality, e.g. 40125: told from the Catastro's by its length alone) or the municipality's
 * name, as SIGPAC/PAC declarations write them. Codes written with or without leading zeros.
 */
export const RusticProvincia = Type.Integer({
  minimum: 1,
  maximum: 52,
  description: 'INE province code, 1 to 52 (e.g. 40 for Segovia; a leading zero is optional), or the province name (e.g. Segovia).',
});
export const RusticMunicipio = Type.Integer({
  minimum: 1,
  maximum: 999,
  description:
    "The Catastro's municipality code, 1 to 999: the three digits after the province in a rustic reference (e.g. 146 in 40146A00500123); or INE's 5-digit code (e.g. 40125); or the municipality name (e.g. Melque de Cercos, any case, accents optional).",
});
/** INE's municipality code: 2 digits of province then 3 of municipality (5 in all, zeros kept). */
export const INE_MUNICIPIO_CODE = /^[0-9]{5}$/;
export const RusticMunicipioIne = Type.String({ pattern: INE_MUNICIPIO_CODE.source });
/** A province's or municipality's name as spreadsheets write it: a letter first, then letters, digits, spaces and the marks names carry. */
export const RusticPlaceName = Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z\u00C0-\u024F][0-9A-Za-z\u00C0-\u024F .,'\u2019\u00B7()/-]*$" });
export const RusticPoligono = Type.Integer({ minimum: 1, maximum: 999, description: 'Polígono number, 1 to 999.' });
export const RusticParcela = Type.Integer({ minimum: 1, maximum: 99999, description: 'Parcela number within its polígono, 1 to 99999.' });
export const RUSTIC_PARCEL_FIELDS = { provincia: RusticProvincia, municipio: RusticMunicipio, poligono: RusticPoligono, parcela: RusticParcela } as const;

/** Vector tiles: z within MapLibre's range; x and y within the 2^z grid (isValidTile). */
export const TileZoom = Type.Integer({ minimum: 0, maximum: 24 });
export const TileIndex = Type.Integer({ minimum: 0 });

export const ExportFormatValue = Type.Union([Type.Literal('kml'), Type.Literal('gpx')]);
export const SelectionFormatValue = Type.Union([Type.Literal('geojson'), Type.Literal('gpkg')]);
export const FeatureFormatValue = Type.Union(FEATURE_FORMATS.map((format) => Type.Literal(format)));

/** Bounds of one batch: a CSV larger is refused whole, before any lookup. */
export const MAX_BATCH_BYTES = 20 * 1024 * 1024;
export const CsvText = Type.String({
  minLength: 1,
  maxLength: MAX_BATCH_BYTES,
  description: 'The CSV text, header first (comma, semicolon or tab separated).',
});
/** A file's base name as shown (no folders). */
export const FileName = Type.String({ maxLength: 200, pattern: '^[^\\\\/\\u0000]*$' });
const HeaderText = Type.String({ maxLength: 200 });
/** The columns of a batch CSV the user named (header texts). */
export const BatchColumnsValue = Type.Object(
  {
    reference: Type.Optional(HeaderText),
    latitude: Type.Optional(HeaderText),
    longitude: Type.Optional(HeaderText),
    country: Type.Optional(HeaderText),
    provincia: Type.Optional(HeaderText),
    municipio: Type.Optional(HeaderText),
    poligono: Type.Optional(HeaderText),
    parcela: Type.Optional(HeaderText),
  },
  { additionalProperties: false },
);
/** Ids the app makes (crypto.randomUUID): batches and picked layer files. */
export const GeneratedId = Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' });

export const HazardLayerKindValue = Type.Union(HAZARD_LAYER_KINDS.map((kind) => Type.Literal(kind)));
const MappingText = Type.String({ maxLength: 200 });
/** The options of a hazard-layer import: a designated-areas mapping and country, as texts (what they name is checked against the layer). */
export const LayerImportOptionsValue = Type.Object(
  {
    mapping: Type.Optional(
      Type.Object(
        {
          code: Type.Optional(MappingText),
          name: Type.Optional(MappingText),
          designationField: Type.Optional(MappingText),
          designation: Type.Optional(MappingText),
        },
        { additionalProperties: false },
      ),
    ),
    country: Type.Optional(MappingText),
  },
  { additionalProperties: false },
);

/**
 * A shared team store chosen in the settings (the desktop app's `--store`): a postgres:// or
 * postgresql:// URL, without spaces or control characters. Its password stays in the main process.
 */
export const TeamStoreUrl = Type.String({ maxLength: 2048, pattern: '^postgres(ql)?://[^\\s\\u0000-\\u001f]+$' });

/**
 * Denmark's Datafordeler API key entered in the settings: printable ASCII without spaces (it goes
 * into a URL's query), at most 256 characters.
 */
export const DatafordelerApiKey = Type.String({ minLength: 1, maxLength: 256, pattern: '^[\\x21-\\x7e]+$' });

export type BatchColumnsInput = Static<typeof BatchColumnsValue>;
