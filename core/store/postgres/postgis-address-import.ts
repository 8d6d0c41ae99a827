import type pg from 'pg';
import { fold } from '../../address/normalize.js';
import type { CountryCode } from '../../model/index.js';
import { streamAddresses } from '../../formats/inspire-addresses.js';
import type { TextChunk, TextInput } from '../../formats/text-stream.js';
import { copyInto, copyLine, write } from './copy-in.js';
import { ADDRESSES, upsert } from '../tables.js';

/** A staged row is a portal (ref … components) or a street, postcode or municipality it names (component_*). */
const STAGED_COLUMNS = 'ref, number, lon, lat, components, component_id, component_value, component_folded';

/**
 * Writes an INSPIRE Addresses file into the team database's `addresses` table inside the file's
 * transaction (postgis-import.ts), as address-import.ts does in the SQLite copy: portals and the
 * components they point to (often further on in the file) are streamed with COPY into one
 * staging table, memory staying flat, and joined in one statement at the end. A portal listed
 * again replaces the earlier one (the later row wins, in the file and against the table).
 * Streets are stored folded too (`street_folded`, by the same `fold` as SQLite's `fold_text`),
 * so address search matches exactly what the SQLite copy matches.
 */
export async function copyAddresses(
  client: pg.PoolClient,
  country: CountryCode,
  input: TextInput,
  progress: (staged: number, chunk: TextChunk) => void,
): Promise<number> {
  await client.query(`
    CREATE TEMP TABLE addresses_in (
      seq bigint GENERATED ALWAYS AS IDENTITY,
      ref text, number text, lon double precision, lat double precision, components jsonb,
      component_id text, component_value text, component_folded text
    ) ON COMMIT DROP`);
  let staged = 0;
  await copyInto(client, 'addresses_in', STAGED_COLUMNS, async (stream) => {
    await streamAddresses(input, async (addresses, components, chunk) => {
      const lines = addresses
        .map((a) => copyLine([a.ref, a.number, a.point[0], a.point[1], JSON.stringify(a.componentIds), null, null, null]))
        .concat(components.map((c) => copyLine([null, null, null, null, null, c.id, c.value, fold(c.value)])));
      if (lines.length) await write(stream, lines.join(''));
      staged += addresses.length;
      progress(staged, chunk);
    });
  });
  // Components by id (the last of an id listed twice), keyed so each portal finds its own by index.
  await client.query(`
    CREATE TEMP TABLE address_components_in ON COMMIT DROP AS
      SELECT DISTINCT ON (component_id) component_id AS id, component_value AS value, component_folded AS folded
      FROM addresses_in WHERE component_id IS NOT NULL ORDER BY component_id, seq DESC`);
  await client.query('ALTER TABLE address_components_in ADD PRIMARY KEY (id)');
  await client.query('ANALYZE addresses_in; ANALYZE address_components_in');
  // Each portal's first component of each kind, told apart by the Catastro's gml:id prefixes (TN
  // street, PD postcode, AU municipality; ILIKE as SQLite's LIKE ignores ASCII case). Portals
  // naming no street the file holds are left out, as in the SQLite copy.
  const { rowCount } = await client.query(
    upsert(
      ADDRESSES,
      'postgres',
      `
    SELECT DISTINCT ON (p.ref, named.street, p.number) $1, p.ref, named.street, p.number, named.postcode, named.municipality,
      p.lon, p.lat, named.street_folded
    FROM addresses_in p CROSS JOIN LATERAL (
      SELECT
        (array_agg(c.value ORDER BY j.n) FILTER (WHERE j.id ILIKE 'ES.SDGC.TN.%'))[1] AS street,
        (array_agg(c.folded ORDER BY j.n) FILTER (WHERE j.id ILIKE 'ES.SDGC.TN.%'))[1] AS street_folded,
        (array_agg(c.value ORDER BY j.n) FILTER (WHERE j.id ILIKE 'ES.SDGC.PD.%'))[1] AS postcode,
        (array_agg(c.value ORDER BY j.n) FILTER (WHERE j.id ILIKE 'ES.SDGC.AU.%'))[1] AS municipality
      FROM jsonb_array_elements_text(p.components) WITH ORDINALITY j(id, n) JOIN address_components_in c ON c.id = j.id
    ) named
    WHERE p.component_id IS NULL AND named.street IS NOT NULL
    ORDER BY p.ref, named.street, p.number, p.seq DESC`,
    ),
    [country],
  );
  await client.query('DROP TABLE address_components_in; DROP TABLE addresses_in');
  const written = rowCount ?? 0;
  if (staged > 0 && written === 0) throw new Error('none of its addresses names a street (ThoroughfareName) the file holds');
  return written;
}
