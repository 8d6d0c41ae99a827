import type { Parcel } from '../model/index.js';
import { AskedBefore } from './asked-before.js';
import { CopyGenerationCache } from './copy-generation-cache.js';

/** Answers that come from the local copy; live answers are cached in the copy itself instead. */
const FROM_THE_COPY: ReadonlySet<string | undefined> = new Set(['clone', 'local_clone']);

export interface ParcelAnswerCacheOptions {
  /** The copy's data generation (ParcelStore.dataGeneration): any change drops every answer. */
  generation: () => number;
  /** Memory bound, in UTF-16 code units of the kept JSON (default 64 Mi ≈ 50k typical answers). */
  maxChars?: number;
  /** Keep an answer only from its second ask (asked-before.ts); default true. */
  secondAskOnly?: boolean;
}

/**
 * Serialized success envelopes of `GET /api/catastro/{ref}` answered from the copy, kept in
 * memory (copy-generation-cache.ts: valid while the copy's generation stays). Looking a parcel
 * up in SQLite and turning its outline's coordinates into JSON text are most of that route's
 * cost, and scripts and GIS clients ask for the same parcels again and again. An answer is kept
 * from the second time it is asked: one asked once is never read from here.
 */
export class ParcelAnswerCache {
  private readonly answers: CopyGenerationCache<string>;
  private readonly askedBefore: AskedBefore | undefined;

  constructor(options: ParcelAnswerCacheOptions) {
    this.answers = new CopyGenerationCache<string>({
      generation: options.generation,
      maxSize: options.maxChars ?? 64 * 1024 * 1024,
      sizeOf: (json) => json.length,
    });
    this.askedBefore = options.secondAskOnly === false ? undefined : new AskedBefore();
  }

  /** The kept answer for this request, if the copy has not changed since it was kept. */
  get(key: string): string | undefined {
    return this.answers.get(key);
  }

  /**
   * Builds the answer with `lookup`, keeping it when it came from the copy, was asked before, and
   * the copy did not change while it was built (a change during a live lookup would make it stale at once).
   */
  async answer(key: string, lookup: () => Promise<Parcel>): Promise<string> {
    const kept = this.answers.get(key);
    if (kept !== undefined) return kept;
    const builtAt = this.answers.currentGeneration();
    const parcel = await lookup();
    const json = JSON.stringify({ success: true, data: parcel });
    if (FROM_THE_COPY.has(parcel.dataSource) && (this.askedBefore?.check(key) ?? true)) this.answers.set(key, json, builtAt);
    return json;
  }

  get size(): number {
    return this.answers.size;
  }
}

/** One cache entry per way of asking: the reference as typed and the country parameter. */
export const answerKey = (refcat: string, country: string | undefined) => `${country ?? ''}/${refcat}`;
