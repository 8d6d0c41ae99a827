import { ACCESS_TABLES, CADASTRAL_TABLES, createTable } from '../tables.js';
import { ANNOUNCE_CHANGE_FUNCTION, announcesChanges } from './schema.js';

/** Every table of the team database, in the order a new database creates them. */
const TEAM_TABLES = [...CADASTRAL_TABLES, ...ACCESS_TABLES].filter((table) => table.only !== 'sqlite');

/**
 * The team database's whole schema at the latest version, rendered from the table descriptions
 * (tables.ts), as core/store/schema.ts latestCopySchema renders the embedded copy's: a new database is made
 * from this in one step, and the migrations (schema.ts) only bring older ones up to it.
 */
export function latestTeamSchema(): string {
  const announced = TEAM_TABLES.filter((table) => table.countsChanges === true || table.countsChanges === 'postgres').map((table) => table.name);
  return [
    'CREATE EXTENSION IF NOT EXISTS postgis;',
    ...TEAM_TABLES.map((table) => createTable(table, 'postgres')),
    ANNOUNCE_CHANGE_FUNCTION,
    announcesChanges(announced),
  ].join('\n');
}
