import type BetterSqlite3 from 'better-sqlite3';
import type { StoredParcel } from '../store/types.js';
import { fold, nameTokens } from './normalize.js';
import type { LocalAddressSearch, ParcelLookup } from './ports.js';

const REF_COLUMNS = ['ref', 'refcat', 'ref_catastral', 'reference'];

/**
 * Street search over the local copy's stored parcel addresses, for address search while the
 * geocoder is down. The parcel table belongs to core/store (another module), so it is found
 * by shape rather than by name: a table with a `direccion` column and a reference column.
 * Matching folds accents in SQL through a registered function (SQLite's LIKE only folds
 * ASCII case), then reads each parcel through the store's own `getParcel`. A full scan, but
 * only on this degraded path.
 */
export function sqliteLocalAddresses(db: BetterSqlite3.Database, lookup: ParcelLookup): LocalAddressSearch {
  db.function('catastro_address_fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? fold(value) : null));
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  let query: BetterSqlite3.Statement | undefined;
  for (const table of tables) {
    const columns = (db.prepare(`PRAGMA table_info("${table.replace(/"/g, '""')}")`).all() as { name: string }[]).map((c) => c.name);
    const refColumn = REF_COLUMNS.find((c) => columns.includes(c));
    if (!columns.includes('direccion') || !refColumn) continue;
    const countryFilter = columns.includes('country') ? "AND country = 'ES'" : '';
    query = db.prepare(`SELECT "${refColumn}" FROM "${table}" WHERE direccion IS NOT NULL ${countryFilter}
      AND catastro_address_fold(direccion) LIKE ? ESCAPE '\\' LIMIT ?`).pluck();
    break;
  }
  return {
    parcelsOnStreet(streetName: string, limit: number): StoredParcel[] {
      const longest = nameTokens(streetName).sort((a, b) => b.length - a.length)[0];
      if (!query || !longest) return [];
      const refs = query.all(`%${longest.replace(/[\\%_]/g, '\\$&')}%`, limit) as string[];
      return refs.map((ref) => lookup.getParcel('ES', ref)).filter((p): p is StoredParcel => !!p);
    },
  };
}
