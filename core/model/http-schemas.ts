import { Type, type Static } from '@sinclair/typebox';
import { OVERLAY_KINDS } from './analysis.js';
import { FEATURE_FORMATS } from './batch.js';
import {
  AddressLimit,
  BatchColumnsValue,
  CsvText,
  Cursor,
  MAX_SELECTION,
  REFERENCE_MAX,
  RUSTIC_PARCEL_FIELDS,
  Reference,
  RusticPlaceName,
} from './input-schemas.js';

/**
 * Route schemas of the operation table (operations.ts): fastify validates with them and
 * @fastify/swagger documents them. They only
 * check types and sizes, with the bounds of core/model/input-schemas.ts; the facade checks every
 * value against those schemas itself (core/input.ts) in the spec's order of answers (422 before
 * 400 where the spec says so), so Electron IPC, which calls the same facade, gets the same answers.
 */
export const RefcatParams = Type.Object({
  refcat: Type.String({ minLength: 1, maxLength: REFERENCE_MAX, description: Reference.description }),
});

export const CountryQuery = Type.Object({
  country: Type.Optional(Type.String({ maxLength: 8, description: 'Two-letter country code; detected from the reference when omitted (default ES).' })),
});

/** `?lang=` of a file handed on (the report, a batch's result). */
const OutputLanguageParam = Type.Optional(
  Type.String({
    maxLength: 35,
    description:
      'Language the file is written in: de, en, es, fr, it, nl, pl or pt (a regional tag such as es-ES counts by its language); English when omitted.',
  }),
);

export const ReportQuery = Type.Object({
  country: CountryQuery.properties.country,
  lang: OutputLanguageParam,
});

/** A batch's result: the rows' reasons in the language asked. */
export const BatchResultQuery = Type.Object({ lang: OutputLanguageParam });

export const UnitsQuery = Type.Object({
  country: Type.Optional(Type.String({ maxLength: 8 })),
  cursor: Type.Optional(Type.String({ maxLength: REFERENCE_MAX, description: Cursor.description })),
});

export const ExportQuery = Type.Object({
  refcat: Type.Optional(Type.String({ maxLength: REFERENCE_MAX, description: 'Cadastral reference (required).' })),
  country: Type.Optional(Type.String({ maxLength: 8 })),
});

/** A selection: the references separated by commas (at most MAX_SELECTION of them). */
export const SelectionExportQuery = Type.Object({
  refcat: Type.Optional(
    Type.String({
      maxLength: (REFERENCE_MAX + 1) * MAX_SELECTION,
      description: `One to ${MAX_SELECTION} cadastral references separated by commas (required).`,
    }),
  ),
  country: Type.Optional(
    Type.String({
      maxLength: 3 * MAX_SELECTION,
      description: 'One country code for every reference, or one per reference separated by commas in the same order.',
    }),
  ),
});
/** A POSTed selection's body: the longest `refcat` and `country` the schema takes, its JSON and some room. */
export const SELECTION_BODY_LIMIT = (REFERENCE_MAX + 1 + 3) * MAX_SELECTION + 4096;

export const CoordinatesBody = Type.Object({
  latitude: Type.Optional(Type.Unknown({ description: 'WGS84 latitude (number, required).' })),
  longitude: Type.Optional(Type.Unknown({ description: 'WGS84 longitude (number, required).' })),
  country: Type.Optional(Type.Unknown({ description: 'Two-letter code, default ES.' })),
});

/**
 * Strings, not integers: the schema's type coercion read ' ' as 0 and '0x3', '1e0' as numbers.
 * The facade takes decimal digits only and checks the range (core/input.ts requireTile).
 */
export const TileParams = Type.Object({
  z: Type.String({ maxLength: 12, description: 'Zoom, 0 to 24 (decimal digits).' }),
  x: Type.String({ maxLength: 12, description: 'Column, 0 to 2^z - 1 (decimal digits).' }),
  y: Type.String({ maxLength: 12, description: 'Row, 0 to 2^z - 1 (decimal digits).' }),
});

/**
 * A rustic parcel by its numbers, the province and municipality also by name. Strings, as
 * TileParams: the facade tells codes from names and checks each range (core/input.ts
 * requireRusticParcel), so every field is optional here and a missing one gets the facade's message.
 */
const textOf = (schema: (typeof RUSTIC_PARCEL_FIELDS)[keyof typeof RUSTIC_PARCEL_FIELDS], maxLength: number) =>
  Type.Optional(Type.String({ maxLength, description: `${schema.description} Required.` }));
export const RusticParcelQuery = Type.Object({
  provincia: textOf(RUSTIC_PARCEL_FIELDS.provincia, RusticPlaceName.maxLength!),
  municipio: textOf(RUSTIC_PARCEL_FIELDS.municipio, RusticPlaceName.maxLength!),
  poligono: textOf(RUSTIC_PARCEL_FIELDS.poligono, 12),
  parcela: textOf(RUSTIC_PARCEL_FIELDS.parcela, 12),
});

export type RefcatParamsT = Static<typeof RefcatParams>;
export type CountryQueryT = Static<typeof CountryQuery>;
export type ReportQueryT = Static<typeof ReportQuery>;
export type UnitsQueryT = Static<typeof UnitsQuery>;
export type ExportQueryT = Static<typeof ExportQuery>;
export type SelectionExportQueryT = Static<typeof SelectionExportQuery>;
export type TileParamsT = Static<typeof TileParams>;
export type RusticParcelQueryT = Static<typeof RusticParcelQuery>;

/**
 * Query of endpoint 1. Types only: the length and range rules are input-schemas.ts, applied by the
 * facade (core/address/candidates-input.ts) after the spec's 422 for an uncovered country.
 */
export const AddressCandidatesQuery = Type.Object({
  country: Type.Optional(Type.String({ maxLength: 8, description: 'Two-letter code, default ES. SE, HR and uncovered countries answer 422 CNV_COVERAGE.' })),
  q: Type.Optional(
    Type.String({ maxLength: 400, description: '3 to 200 characters: street and number, municipality, optionally postcode. Required unless street is given.' }),
  ),
  street: Type.Optional(Type.String({ maxLength: 400, description: 'Street with its type, for structured addresses.' })),
  number: Type.Optional(Type.String({ maxLength: 12, description: 'House number, integer ≥ 1; overrides the number in q.' })),
  municipality: Type.Optional(Type.String({ maxLength: 200, description: 'Overrides the municipality in q.' })),
  postcode: Type.Optional(Type.String({ maxLength: 20, description: "The country's own postcode format; another format answers 400." })),
  limit: Type.Optional(Type.String({ maxLength: 4, description: `${AddressLimit.minimum} to ${AddressLimit.maximum}, default ${AddressLimit.default}.` })),
});

export const AddressParseBody = Type.Object({
  direccion: Type.Optional(
    Type.Unknown({ description: "Spanish free text (required), e.g. 'Calle Mayor 5, Madrid'; the number may be attached to the street." }),
  ),
});

export const BatchBody = Type.Object({
  csv: Type.String({ description: CsvText.description }),
  name: Type.Optional(Type.String({ maxLength: 200 })),
  columns: Type.Optional(BatchColumnsValue),
  country: Type.Optional(Type.String({ maxLength: 2, minLength: 2 })),
});
export const BatchParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const BatchResultParams = Type.Object({ id: Type.String({ maxLength: 64 }), format: Type.Union(FEATURE_FORMATS.map((f) => Type.Literal(f))) });

export const OverlayParams = Type.Object({ kind: Type.Union(OVERLAY_KINDS.map((kind) => Type.Literal(kind))) });
export const OverlayQuery = Type.Object({
  bbox: Type.Optional(Type.String({ maxLength: 200, description: 'minLon,minLat,maxLon,maxLat (WGS84)' })),
  limit: Type.Optional(Type.String({ maxLength: 6 })),
});
export const CopyBuildingParams = Type.Object({ refcat: Type.String({ maxLength: 64 }) });

export type BatchBodyT = Static<typeof BatchBody>;
export type BatchParamsT = Static<typeof BatchParams>;
export type BatchResultParamsT = Static<typeof BatchResultParams>;
export type BatchResultQueryT = Static<typeof BatchResultQuery>;
