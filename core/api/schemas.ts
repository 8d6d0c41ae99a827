import { Type, type Static } from '@sinclair/typebox';

/**
 * Route schemas: fastify validates with them and @fastify/swagger documents them. They only
 * check types and sizes; the facade owns the semantic rules (reference shapes, bounds), so
 * Electron IPC gets the same answers.
 */
export const RefcatParams = Type.Object({
  refcat: Type.String({ minLength: 1, maxLength: 64, description: 'Cadastral reference (ES: 14-character finca or 20-character unit).' }),
});

export const CountryQuery = Type.Object({
  country: Type.Optional(Type.String({ maxLength: 8, description: 'Two-letter country code; detected from the reference when omitted (default ES).' })),
});

export const UnitsQuery = Type.Object({
  country: Type.Optional(Type.String({ maxLength: 8 })),
  cursor: Type.Optional(Type.String({ maxLength: 64, description: 'nextCursor of the previous page (^[0-9A-Z]{20}$).' })),
});

export const ExportQuery = Type.Object({
  refcat: Type.Optional(Type.String({ maxLength: 64, description: 'Cadastral reference (required).' })),
  country: Type.Optional(Type.String({ maxLength: 8 })),
});

/** A selection: the references separated by commas (at most MAX_SELECTION of them). */
export const SelectionExportQuery = Type.Object({
  refcat: Type.Optional(Type.String({ maxLength: 64 * 2000, description: 'One or more cadastral references separated by commas (required).' })),
  country: Type.Optional(Type.String({ maxLength: 8 })),
});

export const CoordinatesBody = Type.Object({
  latitude: Type.Optional(Type.Unknown({ description: 'WGS84 latitude (number, required).' })),
  longitude: Type.Optional(Type.Unknown({ description: 'WGS84 longitude (number, required).' })),
  country: Type.Optional(Type.Unknown({ description: 'Two-letter code, default ES.' })),
});

export const TileParams = Type.Object({
  z: Type.Integer({ minimum: 0, maximum: 24 }),
  x: Type.Integer({ minimum: 0 }),
  y: Type.Integer({ minimum: 0 }),
});

export type RefcatParamsT = Static<typeof RefcatParams>;
export type CountryQueryT = Static<typeof CountryQuery>;
export type UnitsQueryT = Static<typeof UnitsQuery>;
export type ExportQueryT = Static<typeof ExportQuery>;
export type SelectionExportQueryT = Static<typeof SelectionExportQuery>;
export type TileParamsT = Static<typeof TileParams>;
