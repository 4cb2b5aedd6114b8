/** How per-address limits see an address (src/server/http/client-address.ts). */
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../src/server/http/client-address.ts';

describe('the address the limits count', () => {
  it('is an IPv6 client’s /64, an IPv4 address as written, a mapped IPv4 address as IPv4', () => {
    expect(addressKey('2001:db8:abcd:12:1:2:3:4')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('2001:db8:abcd:12::9')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('2001:db8:abcd:13::9')).toBe('2001:db8:abcd:13::/64');
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('drops a port a proxy appended, so each connection is not an address of its own', () => {
    expect(addressKey('203.0.113.7:5678')).toBe('203.0.113.7');
    expect(addressKey('[2001:db8:abcd:12::9]:443')).toBe('2001:db8:abcd:12::/64');
    expect(addressKey('[2001:db8:abcd:12::9]')).toBe('2001:db8:abcd:12::/64');
  });
});
