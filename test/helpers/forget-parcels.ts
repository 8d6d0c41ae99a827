import type { SqliteDatabase } from '../../core/store/db.js';

/**
 * Deletes a country's parcels from the copy behind the store's back, so the next lookup goes to
 * the (fake) live source again. Taking the store's connection ends its read snapshot of this turn
 * (ParcelStore.db, core/store/turn-snapshot.ts), so the next lookup sees the deletion. Async so
 * the tests stay right if that snapshot rule changes to "seen from the next turn".
 */
export async function forgetParcels(store: { db: SqliteDatabase }, country: string): Promise<void> {
  store.db.prepare('DELETE FROM parcels WHERE country = ?').run(country);
  await new Promise((resolve) => setImmediate(resolve));
}
