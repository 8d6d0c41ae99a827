import { describe, expect, it } from 'vitest';
import { allowanceAddress } from '../../../core/auth/allowance-address.js';

describe('the address a free allowance is counted for', () => {
  it.each<[string, string | undefined]>([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '::/64'],
    // A proxy that writes the caller's port: the address alone (each port its own allowance before).
    ['203.0.113.7:5555', '203.0.113.7'],
    ['[2001:db8:1:2::1]:5555', '2001:db8:1:2::/64'],
    // No address at all names no caller (its own allowance before).
    ['not an address', undefined],
    ['abc', undefined],
    ['203.0.113.7:', undefined],
  ])('%s → %s', (ip, counted) => {
    expect(allowanceAddress(ip)).toBe(counted);
  });
});
