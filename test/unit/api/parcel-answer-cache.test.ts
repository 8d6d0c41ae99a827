import { describe, expect, it } from 'vitest';
import { ParcelAnswerCache, answerKey } from '../../../core/api/parcel-answer-cache.js';
import type { Parcel } from '../../../core/model/index.js';

const parcel = (ref: string, dataSource: Parcel['dataSource'], municipio = 'MELQUE DE CERCOS') => ({ refCatastral: ref, municipio, dataSource }) as Parcel;

/** A cache over a generation the test moves by hand, and a lookup that counts its calls. */
function setup(secondAskOnly = false) {
  const state = { generation: 1, lookups: 0 };
  const cache = new ParcelAnswerCache({ generation: () => state.generation, secondAskOnly });
  const lookup = (answer: () => Parcel) => async () => {
    state.lookups++;
    return answer();
  };
  return { state, cache, lookup };
}

describe('ParcelAnswerCache', () => {
  it('keeps an answer from the copy and serves the same bytes until the generation changes', async () => {
    const { state, cache, lookup } = setup();
    const first = await cache.answer(
      answerKey('000700100UL74F', undefined),
      lookup(() => parcel('000700100UL74F', 'clone')),
    );
    const second = await cache.answer(
      answerKey('000700100UL74F', undefined),
      lookup(() => parcel('000700100UL74F', 'clone', 'OTHER')),
    );
    expect(JSON.parse(first)).toEqual({ success: true, data: parcel('000700100UL74F', 'clone') });
    expect(second).toBe(first);
    expect(state.lookups).toBe(1);

    state.generation = 2;
    const third = await cache.answer(
      answerKey('000700100UL74F', undefined),
      lookup(() => parcel('000700100UL74F', 'clone', 'OTHER')),
    );
    expect(JSON.parse(third).data.municipio).toBe('OTHER');
    expect(state.lookups).toBe(2);
  });

  it('keeps an answer from its second ask: a parcel asked once is never read again from memory', async () => {
    const { state, cache, lookup } = setup(true);
    const answers = [];
    for (let i = 0; i < 4; i++)
      answers.push(
        await cache.answer(
          '/000700100UL74F',
          lookup(() => parcel('000700100UL74F', 'clone', `ASK ${state.lookups}`)),
        ),
      );
    expect(state.lookups).toBe(2);
    expect(answers.map((json) => JSON.parse(json).data.municipio)).toEqual(['ASK 1', 'ASK 2', 'ASK 2', 'ASK 2']);
    for (let i = 0; i < 1_000; i++)
      await cache.answer(
        `/ONCE${i}`,
        lookup(() => parcel(`ONCE${i}`, 'clone')),
      );
    expect(cache.size).toBeLessThan(5); // fingerprints collide rarely: ~1,000 of 2^20 slots
  });

  it('does not keep live answers: the next request reads the copy they were written to', async () => {
    const { state, cache, lookup } = setup();
    for (let i = 0; i < 2; i++)
      await cache.answer(
        'ES/9398516VK3799G',
        lookup(() => parcel('9398516VK3799G', 'catastro')),
      );
    expect(state.lookups).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer built while the copy changed (it may be stale already)', async () => {
    const { state, cache, lookup } = setup();
    await cache.answer(
      '/A',
      lookup(() => {
        state.generation = 7;
        return parcel('A', 'clone');
      }),
    );
    expect(cache.size).toBe(0);
    await cache.answer(
      '/A',
      lookup(() => parcel('A', 'clone')),
    );
    expect(cache.size).toBe(1);
  });

  it('a failed lookup keeps nothing and reaches the caller', async () => {
    const { cache } = setup();
    await expect(
      cache.answer('/X', async () => {
        throw new Error('not found');
      }),
    ).rejects.toThrow('not found');
    expect(cache.size).toBe(0);
  });

  it('keys by the reference as asked and the country parameter', () => {
    expect(answerKey('000700100UL74F', undefined)).not.toBe(answerKey('000700100UL74F', 'ES'));
    expect(answerKey('a', 'ES')).not.toBe(answerKey('A', 'ES'));
  });

  it('stays within its memory bound, dropping the least recently used', async () => {
    const state = { generation: 1 };
    const cache = new ParcelAnswerCache({ generation: () => state.generation, maxChars: 2_000, secondAskOnly: false });
    for (let i = 0; i < 100; i++) await cache.answer(`/${i}`, async () => parcel(`REF${i}`, 'clone'));
    expect(cache.size).toBeGreaterThan(5);
    expect(cache.size).toBeLessThan(100);
    expect(cache.get('/99')).toBeDefined();
    expect(cache.get('/0')).toBeUndefined();
  });
});
