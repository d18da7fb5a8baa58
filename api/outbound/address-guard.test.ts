import { describe, expect, it } from 'vitest';
import { nonPublicReason, refusedAddress } from './address-guard.ts';

describe('the address guard', () => {
  // One address in each special-purpose range (IANA's IPv4 and IPv6 registries), in the spellings
  // a resolver or a typed URL may give.
  it.each([
    ['0.1.2.3', 'this network'],
    ['10.1.2.3', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['127.8.9.10', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['172.31.255.254', 'private'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['192.88.99.1', '6to4 relay anycast'],
    ['192.168.1.1', 'private'],
    ['198.19.0.1', 'benchmarking'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['239.255.255.250', 'multicast'],
    ['250.1.2.3', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::7f00:1', 'IPv4-compatible (deprecated)'],
    ['::127.0.0.1', 'IPv4-compatible (deprecated)'],
    ['::ffff:127.0.0.1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:7f00:1', 'loopback (IPv4 inside IPv6)'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:a9fe:a9fe', 'link-local (IPv4 inside IPv6)'],
    ['::ffff:0:7f00:1', 'IPv4-translated'],
    ['64:ff9b::808:808', 'NAT64'],
    ['64:ff9b::127.0.0.1', 'NAT64'],
    ['64:ff9b:1::7f00:1', 'local-use NAT64'],
    ['100::1', 'discard'],
    ['2001:0:4136:e378::1', 'Teredo'],
    ['2001:2::1', 'benchmarking'],
    ['2001:20::1', 'ORCHIDv2'],
    ['2001:1::1', 'IETF protocol assignments'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['2002:c0a8:0101::1', 'private (IPv4 inside IPv6)'],
    ['2002:7f00:1::1', 'loopback (IPv4 inside IPv6)'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'scoped (zone) address'],
    ['fec0::1', 'site-local (deprecated)'],
    ['FEC0:0:0:0:0:0:0:1', 'site-local (deprecated)'],
    ['ff02::1', 'multicast'],
    ['4000::1', 'reserved (not global unicast)'],
    ['not-an-address', 'not an IP address'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each(['202.108.22.5', '8.8.8.8', '172.32.0.1', '100.128.0.1', '192.0.3.1', '2400:da00::6666', '2a00:1450:4001:80b::200e', '::ffff:202.108.22.5', '2002:ca6c:1605::1'])(
    'lets %s through (global unicast)',
    (address) => {
      expect(nonPublicReason(address)).toBeNull();
    },
  );

  it('lets everything through when private hosts are allowed, and only the named stand-ins otherwise', () => {
    expect(refusedAddress('10.0.0.1', { allowPrivateHosts: true })).toBeNull();
    expect(refusedAddress('127.0.0.2', { allowPrivateHosts: false, treatAsPublic: ['127.0.0.2'] })).toBeNull();
    expect(refusedAddress('127.0.0.1', { allowPrivateHosts: false, treatAsPublic: ['127.0.0.2'] })).toBe('loopback');
  });
});
