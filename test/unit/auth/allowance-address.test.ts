import { describe, expect, it } from 'vitest';
import { allowanceAddress } from '../../../core/auth/allowance-address.js';

describe('the address a free allowance is counted for', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::ffff', '2001:db8:1:2::/64'],
    ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
    ['::1', '::/64'],
    ['not an address', 'not an address'],
  ])('%s → %s', (ip, counted) => {
    expect(allowanceAddress(ip)).toBe(counted);
  });
});
