import { LRUCache } from 'lru-cache';
import type { Parcel } from '../model/index.js';

/** Answers that come from the local copy; live answers are cached in the copy itself instead. */
const FROM_THE_COPY: ReadonlySet<string | undefined> = new Set(['clone', 'local_clone']);

export interface ParcelAnswerCacheOptions {
  /** The copy's data generation (ParcelStore.dataGeneration): any change drops every answer. */
  generation: () => number;
  /** Memory bound, in UTF-16 code units of the kept JSON (default 64 Mi ≈ 50k typical answers). */
  maxChars?: number;
}

/**
 * Serialized success envelopes of `GET /api/catastro/{ref}` answered from the copy, kept in
 * memory. Looking a parcel up in SQLite and turning its outline's coordinates into JSON text are
 * most of that route's cost, and scripts and GIS clients ask for the same parcels again and
 * again. An answer is a pure function of the copy's data, so it stays valid exactly as long as
 * the copy's generation does; on any change (an import, a live answer cached by this or another
 * process) the whole cache is dropped rather than tracking which references a change touched.
 */
export class ParcelAnswerCache {
  private readonly answers: LRUCache<string, string>;
  private readonly generation: () => number;
  private seenGeneration: number | undefined;

  constructor(options: ParcelAnswerCacheOptions) {
    this.generation = options.generation;
    this.answers = new LRUCache<string, string>({
      maxSize: options.maxChars ?? 64 * 1024 * 1024,
      sizeCalculation: (json, key) => json.length + key.length,
    });
  }

  /** The kept answer for this request, if the copy has not changed since it was kept. */
  get(key: string): string | undefined {
    this.dropIfChanged();
    return this.answers.get(key);
  }

  /**
   * Builds the answer with `lookup`, keeping it when it came from the copy and the copy did not
   * change while it was built (a change during a live lookup would make it stale at once).
   */
  async answer(key: string, lookup: () => Promise<Parcel>): Promise<string> {
    const kept = this.get(key);
    if (kept !== undefined) return kept;
    const generationBefore = this.seenGeneration;
    const parcel = await lookup();
    const json = JSON.stringify({ success: true, data: parcel });
    this.dropIfChanged();
    if (FROM_THE_COPY.has(parcel.dataSource) && this.seenGeneration === generationBefore) this.answers.set(key, json);
    return json;
  }

  get size(): number {
    return this.answers.size;
  }

  private dropIfChanged(): void {
    const now = this.generation();
    if (now !== this.seenGeneration) {
      this.answers.clear();
      this.seenGeneration = now;
    }
  }
}

/** One cache entry per way of asking: the reference as typed and the country parameter. */
export const answerKey = (refcat: string, country: string | undefined) => `${country ?? ''}/${refcat}`;
