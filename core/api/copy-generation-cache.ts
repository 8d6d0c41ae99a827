import { LRUCache } from 'lru-cache';

export interface CopyGenerationCacheOptions<V> {
  /** The copy's data generation (CadastralStore.dataGeneration): any change drops every entry. */
  generation: () => number;
  /** Memory bound in the unit `sizeOf` counts. */
  maxSize: number;
  /** The size of an entry (a positive number; the key is added to it). */
  sizeOf: (value: V) => number;
}

/**
 * Answers made from the local copy, kept in memory for as long as the copy's data generation
 * stays the same. An answer from the copy is a pure function of its data, and the generation
 * moves on every write through any connection or process, so the whole cache is dropped on a
 * change rather than tracking which entries a change touched. Least recently used entries go
 * first when the bound is reached.
 */
export class CopyGenerationCache<V extends string | Uint8Array> {
  private readonly entries: LRUCache<string, V>;
  private readonly generation: () => number;
  private seenGeneration: number | undefined;

  constructor(options: CopyGenerationCacheOptions<V>) {
    this.generation = options.generation;
    this.entries = new LRUCache<string, V>({
      maxSize: options.maxSize,
      sizeCalculation: (value, key) => Math.max(1, options.sizeOf(value) + key.length),
    });
  }

  /** The kept entry, if the copy has not changed since it was kept. */
  get(key: string): V | undefined {
    this.dropIfChanged();
    return this.entries.get(key);
  }

  /** The generation now: pass it to `set` so an answer built across a change is not kept. */
  currentGeneration(): number | undefined {
    this.dropIfChanged();
    return this.seenGeneration;
  }

  /** Keeps `value` unless the copy changed since `builtAt` (it may be stale already). */
  set(key: string, value: V, builtAt: number | undefined): void {
    this.dropIfChanged();
    if (this.seenGeneration === builtAt) this.entries.set(key, value);
  }

  get size(): number {
    return this.entries.size;
  }

  private dropIfChanged(): void {
    const now = this.generation();
    if (now !== this.seenGeneration) {
      this.entries.clear();
      this.seenGeneration = now;
    }
  }
}
