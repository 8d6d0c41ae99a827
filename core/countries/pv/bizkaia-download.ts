import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unavailable } from '../../model/index.js';
import { listZipEntries, verifyZip } from '../../formats/zip-archive.js';
import { downloadFile } from '../../upstream/file-download.js';
import type { StoredParcel } from '../../model/records.js';
import type { AdapterContext } from '../adapter.js';
import { foralParcel, streamForalFeatures } from '../foral/cp-features.js';

export const BIZKAIA_ATOM_SOURCE = 'Bizkaia INSPIRE ATOM (Catastro)';
const BATCH = 1000;

/**
 * Bizkaia's WFS cannot find a parcel by reference (it ignores attribute filters; SOURCES.md 1b),
 * so a reference is found in its municipality's INSPIRE download `ES.BFA.CP.<MMM>.zip` (the
 * municipality is the reference's second group). The whole municipality goes into the copy, so
 * its other parcels answer from there afterwards, offline too. The zip is checked (sizes, CRCs)
 * before anything is read, and deleted afterwards.
 */
export async function loadBizkaiaMunicipality(atomBaseUrl: string, municipality: string, ctx: AdapterContext, dataDate: string): Promise<number> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-bizkaia-'));
  const url = `${atomBaseUrl}/ES.BFA.CP.${municipality}.zip`;
  try {
    const file = path.join(dir, `ES.BFA.CP.${municipality}.zip`);
    try {
      await downloadFile({ url, file }, { signal: ctx.signal, retries: 2, verify: verifyZip });
    } catch (error) {
      // A 404 means Bizkaia publishes no such municipality: nothing to find (the caller's 404).
      if (/HTTP 404/.test((error as Error).message)) return 0;
      throw unavailable(`${BIZKAIA_ATOM_SOURCE} does not answer; retry later (${(error as Error).message}).`);
    }
    const gml = (await listZipEntries(file)).find((e) => /\.gml$/i.test(e.name));
    if (!gml) throw unavailable(`${BIZKAIA_ATOM_SOURCE}: ${url} holds no GML file; retry later.`);
    let batch: StoredParcel[] = [];
    // The features arrive in a synchronous callback; the store's writes (later, on a team database) are awaited at the end.
    const writes: Promise<void>[] = [];
    const flush = () => {
      if (batch.length) {
        const written = Promise.resolve(ctx.store.upsertParcels(batch));
        written.catch(() => {});
        writes.push(written);
      }
      batch = [];
    };
    let count = 0;
    try {
      await streamForalFeatures(gml, (feature) => {
        if (feature.ended) return;
        batch.push(foralParcel(feature, 'PV', { dataDate: feature.since ?? dataDate, source: 'bulk', provincia: 'Bizkaia' }));
        count++;
        if (batch.length >= BATCH) flush();
      });
    } catch (error) {
      throw unavailable(`${BIZKAIA_ATOM_SOURCE}: ${url} could not be read (${(error as Error).message}); retry later.`);
    }
    flush();
    await Promise.all(writes);
    return count;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
