import { describe, expect, it } from 'vitest';
import { CopyGenerationCache } from '../../../core/api/copy-generation-cache.js';

function setup(maxSize = 1_000) {
  const state = { generation: 1 };
  const cache = new CopyGenerationCache<Buffer>({ generation: () => state.generation, maxSize, sizeOf: (b) => b.byteLength });
  return { state, cache };
}

describe('CopyGenerationCache', () => {
  it('keeps an entry until the copy generation moves, then drops everything', () => {
    const { state, cache } = setup();
    cache.set('13/1/1', Buffer.from('tile'), cache.currentGeneration());
    cache.set('13/1/2', Buffer.from('other'), cache.currentGeneration());
    expect(cache.get('13/1/1')?.toString()).toBe('tile');
    state.generation = 2;
    expect(cache.get('13/1/2')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('does not keep an entry built while the copy changed', () => {
    const { state, cache } = setup();
    const builtAt = cache.currentGeneration();
    state.generation = 5;
    cache.set('13/1/1', Buffer.from('stale'), builtAt);
    expect(cache.get('13/1/1')).toBeUndefined();
    cache.set('13/1/1', Buffer.from('fresh'), cache.currentGeneration());
    expect(cache.get('13/1/1')?.toString()).toBe('fresh');
  });

  it('keeps empty entries and stays within its bound, least recently used out', () => {
    const { cache } = setup(100);
    cache.set('empty', Buffer.alloc(0), cache.currentGeneration());
    expect(cache.get('empty')?.byteLength).toBe(0);
    for (let i = 0; i < 20; i++) cache.set(`t${i}`, Buffer.alloc(10), cache.currentGeneration());
    expect(cache.size).toBeLessThan(20);
    expect(cache.get('t19')).toBeDefined();
    expect(cache.get('t0')).toBeUndefined();
  });
});
