import type { SqliteDatabase } from '../../core/store/db.js';

/**
 * Deletes a country's parcels from the copy behind the store's back, so the next lookup goes to
 * the (fake) live source again. Taking the store's connection ends its read snapshot of this turn
 * (ParcelStore.db, core/store/turn-snapshot.ts), so the next lookup sees the deletion.
 */
export function forgetParcels(store: { db: SqliteDatabase }, country: string): void {
  store.db.prepare('DELETE FROM parcels WHERE country = ?').run(country);
}
