import { describe, expect, it } from 'vitest';
import { nonPublicReason, refusedAddress } from './address-guard.ts';

describe('the address guard', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.8.9.10', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['0.0.0.0', 'this network'],
    ['224.0.0.1', 'multicast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:7f00:1', 'loopback (IPv4 inside IPv6)'],
    ['::ffff:10.0.0.1', 'private (IPv4 inside IPv6)'],
    ['64:ff9b::a9fe:a9fe', 'link-local (IPv4 inside IPv6)'],
    ['2002:c0a8:0101::1', 'private (IPv4 inside IPv6)'],
  ])('refuses %s (%s)', (address, reason) => {
    expect(nonPublicReason(address)).toBe(reason);
  });

  it.each(['202.108.22.5', '8.8.8.8', '172.32.0.1', '100.128.0.1', '2400:da00::6666', '::ffff:202.108.22.5'])('lets %s through (public)', (address) => {
    expect(nonPublicReason(address)).toBeNull();
  });

  it('lets everything through when private hosts are allowed, and only the named stand-ins otherwise', () => {
    expect(refusedAddress('10.0.0.1', { allowPrivateHosts: true })).toBeNull();
    expect(refusedAddress('127.0.0.2', { allowPrivateHosts: false, treatAsPublic: ['127.0.0.2'] })).toBeNull();
    expect(refusedAddress('127.0.0.1', { allowPrivateHosts: false, treatAsPublic: ['127.0.0.2'] })).toBe('loopback');
  });
});
