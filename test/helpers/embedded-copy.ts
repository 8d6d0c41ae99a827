import type { CatastroService } from '../../core/service.js';
import { ParcelStore } from '../../core/store/parcel-store.js';

/**
 * The data folder's embedded SQLite copy behind a service (its own store, or the local file
 * beside a team database): tests read and change its rows directly, as no caller in the core may.
 */
export function embeddedCopy(service: CatastroService): ParcelStore {
  const copy = service.store.local;
  if (!(copy instanceof ParcelStore)) throw new Error('The service keeps no embedded SQLite copy.');
  return copy;
}
