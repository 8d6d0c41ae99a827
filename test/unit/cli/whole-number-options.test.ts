import { describe, expect, it } from 'vitest';
import { wholeNumber } from '../../../cli/arguments.js';

// The binary's answer to a typo (one line, exit 1, nothing started): test/integration/cli/option-refusals.test.ts.
describe('whole-number options of the command line', () => {
  it('take whole numbers in range and refuse the rest', () => {
    const port = wholeNumber(0, 65535);
    expect([port('0'), port('8787'), port(' 65535 ')]).toEqual([0, 8787, 65535]);
    for (const typo of ['abc', '', '-1', '1.5', '1e3', '0x10', '65536', '99999']) expect(() => port(typo), typo).toThrow(/whole number|must be/);
    expect(wholeNumber(1)('123456')).toBe(123456);
    expect(() => wholeNumber(1)('0')).toThrow('It must be from 1 up.');
  });
});
