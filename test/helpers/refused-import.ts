import { expect } from 'vitest';
import { importFiles } from '../../core/countries/import-formats.js';
import type { ParcelStore } from '../../core/store/parcel-store.js';

/** Imports `file` into `store` and expects it refused whole: the message says nothing was kept and why (`reason`), and the copy's parcels are as before. */
export async function expectImportRefusedWhole(store: ParcelStore, file: string, reason: RegExp): Promise<void> {
  const before = store.countParcels();
  const error = await importFiles(store, [file]).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error?.message).toMatch(/nothing of it was kept/);
  expect(error?.message).toMatch(reason);
  expect(store.countParcels()).toBe(before);
}
