import type { CountryCode } from '../model/index.js';
import type { SqliteDatabase } from './db.js';
import { ADDRESSES, upsert } from './tables.js';
import { streamAddresses } from '../formats/inspire-addresses.js';
import type { TextChunk, TextInput } from '../formats/text-stream.js';

/**
 * Writes an INSPIRE Addresses file into the copy's `addresses` table, inside the import's
 * transaction (import-runner). The file names each portal's street, postcode and municipality by
 * reference to features that may come later, so portals and components are staged in temporary
 * tables as they stream (memory stays bounded) and joined in one statement at the end. A portal
 * listed again replaces the earlier one (the upsert of core/store/tables.ts on its key).
 */
export async function stageAddresses(
  db: SqliteDatabase,
  country: CountryCode,
  input: TextInput,
  progress: (staged: number, chunk: TextChunk) => void,
): Promise<number> {
  db.exec(`
    CREATE TEMP TABLE IF NOT EXISTS ad_portals (ref TEXT NOT NULL, number TEXT NOT NULL, lon REAL NOT NULL, lat REAL NOT NULL, components TEXT NOT NULL);
    CREATE TEMP TABLE IF NOT EXISTS ad_components (id TEXT PRIMARY KEY, value TEXT NOT NULL);
    DELETE FROM ad_portals; DELETE FROM ad_components;`);
  const portal = db.prepare('INSERT INTO ad_portals (ref, number, lon, lat, components) VALUES (?, ?, ?, ?, ?)');
  const component = db.prepare('INSERT OR REPLACE INTO ad_components (id, value) VALUES (?, ?)');
  let staged = 0;
  await streamAddresses(input, (addresses, components, chunk) => {
    for (const a of addresses) portal.run(a.ref, a.number, a.point[0], a.point[1], JSON.stringify(a.componentIds));
    for (const c of components) component.run(c.id, c.value);
    staged += addresses.length;
    progress(staged, chunk);
  });
  // Each portal's components, told apart by the Catastro's gml:id prefixes (TN street, PD postcode, AU municipality).
  const written = db
    .prepare(
      upsert(
        ADDRESSES,
        'sqlite',
        `
    SELECT @country, p.ref,
      (SELECT c.value FROM json_each(p.components) j JOIN ad_components c ON c.id = j.value WHERE j.value LIKE 'ES.SDGC.TN.%'),
      p.number,
      (SELECT c.value FROM json_each(p.components) j JOIN ad_components c ON c.id = j.value WHERE j.value LIKE 'ES.SDGC.PD.%'),
      (SELECT c.value FROM json_each(p.components) j JOIN ad_components c ON c.id = j.value WHERE j.value LIKE 'ES.SDGC.AU.%'),
      p.lon, p.lat
    FROM ad_portals p
    WHERE EXISTS (SELECT 1 FROM json_each(p.components) j JOIN ad_components c ON c.id = j.value WHERE j.value LIKE 'ES.SDGC.TN.%')`,
      ),
    )
    .run({ country }).changes;
  db.exec('DELETE FROM ad_portals; DELETE FROM ad_components;');
  if (staged > 0 && written === 0) throw new Error('none of its addresses names a street (ThoroughfareName) the file holds');
  return written;
}
