import { ACCESS_TABLES, createTable } from '../store/tables.js';

/**
 * Migrations of the keys-and-usage database (`api-access.sqlite`), applied in order by
 * `PRAGMA user_version`, append only, in the style of the copy's core/store/schema.ts. The
 * tables are the same shape they had inside the copy's file before they moved out. A new keys
 * database is made from latestAccessSchema (below) instead; these bring older files up to it.
 */

/**
 * A key's columns after its id, as migration 1 created them and migration 2 kept them when it
 * rebuilt the table (a change to them is a new migration, not an edit here).
 */
const API_KEY_COLUMNS = `key_hash     TEXT NOT NULL UNIQUE,
    tier         TEXT NOT NULL CHECK (tier IN ('free', 'basic', 'pro', 'business')),
    organisation INTEGER NOT NULL DEFAULT 0,
    label        TEXT,
    expires_on   TEXT,
    created_at   TEXT NOT NULL,
    revoked_at   TEXT`;

export const ACCESS_MIGRATIONS: readonly string[] = [
  `
  CREATE TABLE IF NOT EXISTS api_keys (
    id           TEXT PRIMARY KEY,
    ${API_KEY_COLUMNS}
  );
  -- Subjects are 'key:<id>' (per UTC month) and 'ip:<address>' (per UTC day).
  CREATE TABLE IF NOT EXISTS api_usage (
    subject TEXT NOT NULL,
    period  TEXT NOT NULL,
    used    INTEGER NOT NULL,
    PRIMARY KEY (subject, period)
  ) WITHOUT ROWID;
  -- One-time facts about this database, e.g. that the keys of an older data folder were moved in.
  CREATE TABLE access_meta (
    name  TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  `
  -- A key's id NOT NULL, as in the team database (core/store/tables.ts describes both): SQLite
  -- lets a TEXT PRIMARY KEY of a rowid table hold NULL unless told otherwise.
  CREATE TABLE api_keys_with_id (
    id           TEXT NOT NULL PRIMARY KEY,
    ${API_KEY_COLUMNS}
  );
  INSERT INTO api_keys_with_id (id, key_hash, tier, organisation, label, expires_on, created_at, revoked_at)
    SELECT id, key_hash, tier, organisation, label, expires_on, created_at, revoked_at FROM api_keys WHERE id IS NOT NULL;
  DROP TABLE api_keys;
  ALTER TABLE api_keys_with_id RENAME TO api_keys;
  `,
];

/**
 * The keys database at the latest version, rendered from the table descriptions (core/store/tables.ts,
 * which the team database's keys tables are rendered from too): a new file is made from this in one step.
 */
export const latestAccessSchema = (): string => ACCESS_TABLES.map((table) => createTable(table, 'sqlite')).join('\n');
