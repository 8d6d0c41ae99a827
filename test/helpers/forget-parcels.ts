import type { SqliteDatabase } from '../../core/store/db.js';

/**
 * Deletes a country's parcels from the copy behind the store's back, as another writer would, so
 * the next lookup goes to the (fake) live source again; then lets the event loop turn. The store
 * reads lookups in one read transaction per turn (core/store/turn-snapshot.ts): a commit made
 * elsewhere is seen from the next turn on, and a test that looked a parcel up earlier in this
 * turn would otherwise still read it.
 */
export async function forgetParcels(store: { db: SqliteDatabase }, country: string): Promise<void> {
  store.db.prepare('DELETE FROM parcels WHERE country = ?').run(country);
  await new Promise((resolve) => setImmediate(resolve));
}
