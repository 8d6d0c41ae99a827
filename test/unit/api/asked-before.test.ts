import { describe, expect, it } from 'vitest';
import { AskedBefore } from '../../../core/api/asked-before.js';

const refs = (count: number, prefix: string) => Array.from({ length: count }, (_, i) => `${prefix}/${String(i).padStart(5, '0')}A00300015`);

describe('AskedBefore', () => {
  it('says no on the first ask of a key and yes on the next ones', () => {
    const asked = new AskedBefore();
    expect(asked.check('/000700100UL74F')).toBe(false);
    expect(asked.check('/000700100UL74F')).toBe(true);
    expect(asked.check('/000700100UL74F')).toBe(true);
    expect(asked.check('ES/000700100UL74F')).toBe(false); // another way of asking, another key
  });

  it('rarely takes a new key for one asked before (10,000 keys in 2^20 slots)', () => {
    const asked = new AskedBefore();
    for (const key of refs(10_000, 'ES')) asked.check(key);
    // A key loses its slot to a later key in about 10,000 / 2 / 2^20 of cases: ~50 expected.
    expect(refs(10_000, 'ES').filter((key) => asked.check(key)).length).toBeGreaterThan(9_850);
    expect(refs(10_000, 'FR').filter((key) => asked.check(key)).length).toBeLessThan(10);
  });

  it('forgets a key whose slot a later key took: with 2^4 slots, most of 1,000 keys are forgotten', () => {
    const asked = new AskedBefore(4);
    for (const key of refs(1_000, 'ES')) asked.check(key);
    expect(refs(1_000, 'ES').filter((key) => asked.check(key)).length).toBeLessThan(100);
  });
});
