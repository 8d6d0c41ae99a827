import type BetterSqlite3 from 'better-sqlite3';
import type { StoredParcel } from '../store/types.js';
import { fold, nameTokens } from './normalize.js';
import type { LocalAddressSearch, ParcelLookup } from './ports.js';

const REF_COLUMNS = ['ref', 'refcat', 'ref_catastral', 'reference'];

/**
 * Street search over the local copy's stored parcel addresses, for address search while the
 * geocoder is down. The parcel table belongs to core/store (another module), so it is found
 * by shape rather than by name: tables with a `direccion` column and a reference column.
 * Matching folds accents in SQL through a registered function (SQLite's LIKE only folds
 * ASCII case), then reads each parcel through the store's own `getParcel`. A full scan, but
 * only on this degraded path.
 */
export function sqliteLocalAddresses(db: BetterSqlite3.Database, lookup: ParcelLookup): LocalAddressSearch {
  db.function('catastro_address_fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? fold(value) : null));
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").pluck().all() as string[];
  // Every table that holds addresses by reference (parcels, fincas …): a finca's address
  // counts for its parcel when the parcel row has none.
  const queries: BetterSqlite3.Statement[] = [];
  for (const table of tables) {
    const quoted = `"${table.replace(/"/g, '""')}"`;
    const columns = (db.prepare(`PRAGMA table_info(${quoted})`).all() as { name: string }[]).map((c) => c.name);
    const refColumn = REF_COLUMNS.find((c) => columns.includes(c));
    if (!columns.includes('direccion') || !refColumn) continue;
    const countryFilter = columns.includes('country') ? "AND country = 'ES'" : '';
    queries.push(db.prepare(`SELECT "${refColumn}" AS ref, direccion FROM ${quoted} WHERE direccion IS NOT NULL ${countryFilter}
      AND catastro_address_fold(direccion) LIKE ? ESCAPE '\\' LIMIT ?`));
  }
  return {
    parcelsOnStreet(streetName: string, limit: number): StoredParcel[] {
      const longest = [...nameTokens(streetName)].sort((a, b) => b.length - a.length)[0];
      if (!longest) return [];
      const pattern = `%${longest.replace(/[\\%_]/g, '\\$&')}%`;
      const found = new Map<string, StoredParcel>();
      for (const query of queries) {
        for (const row of query.all(pattern, limit) as { ref: string; direccion: string }[]) {
          const ref = String(row.ref).slice(0, 14);
          if (found.has(ref)) continue;
          const parcel = lookup.getParcel('ES', ref);
          if (parcel) found.set(ref, parcel.direccion ? parcel : { ...parcel, direccion: row.direccion });
        }
      }
      return [...found.values()].slice(0, limit);
    },
  };
}
