import { describe, expect, it } from 'vitest';
import { clientKey } from './client-address.ts';

describe('the client an address stands for', () => {
  it('is an IPv4 address itself, also when written IPv4-mapped', () => {
    expect(clientKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientKey('::FFFF:192.0.2.7')).toBe('192.0.2.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const key = clientKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientKey('2001:0db8:0001:0002:ffff:ffff:ffff:fffe')).toBe(key);
    expect(clientKey('2001:db8:1:2:0:0:0:99')).toBe(key);
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientKey('::1')).toBe('0:0:0:0::/64');
    expect(clientKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
    // A neighbouring /64 is another client.
    expect(clientKey('2001:db8:1:3::1')).not.toBe(key);
  });

  it('leaves anything else as it is', () => {
    expect(clientKey('unknown')).toBe('unknown');
    expect(clientKey('')).toBe('');
  });
});
