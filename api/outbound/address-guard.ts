import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The guard that keeps an outbound request off the internal network (issue 31): a URL an admin can
 * edit, or a webhook a user enters, must not reach the database, the cloud's metadata service or a
 * router. It judges the address the socket connects to, not the name, so a public-looking name that
 * resolves to 127.0.0.1 is refused too (and a name re-resolved between check and connect cannot
 * slip through: the check is in the connection's own lookup).
 */

const ranges: ReadonlyArray<readonly [string, number, 'ipv4' | 'ipv6', string]> = [
  ['0.0.0.0', 8, 'ipv4', 'this network'],
  ['10.0.0.0', 8, 'ipv4', 'private'],
  ['100.64.0.0', 10, 'ipv4', 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'ipv4', 'loopback'],
  ['169.254.0.0', 16, 'ipv4', 'link-local'],
  ['172.16.0.0', 12, 'ipv4', 'private'],
  ['192.0.0.0', 24, 'ipv4', 'IETF protocol assignments'],
  ['192.168.0.0', 16, 'ipv4', 'private'],
  ['198.18.0.0', 15, 'ipv4', 'benchmarking'],
  ['224.0.0.0', 4, 'ipv4', 'multicast'],
  ['240.0.0.0', 4, 'ipv4', 'reserved'],
  ['::', 128, 'ipv6', 'unspecified'],
  ['::1', 128, 'ipv6', 'loopback'],
  ['fc00::', 7, 'ipv6', 'unique-local'],
  ['fe80::', 10, 'ipv6', 'link-local'],
  ['ff00::', 8, 'ipv6', 'multicast'],
];

const blocks = ranges.map(([network, prefix, family, name]) => {
  const list = new BlockList();
  list.addSubnet(network, prefix, family);
  return { list, family, name };
});

/** The IPv4 address an IPv6 address carries (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, 6to4 2002::/16), if any. */
function embeddedIPv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) return wordsToIPv4(hex[1]!, hex[2]!);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  if (sixToFour) return wordsToIPv4(sixToFour[1]!, sixToFour[2]!);
  return null;
}

function wordsToIPv4(high: string, low: string): string {
  const a = parseInt(high, 16);
  const b = parseInt(low, 16);
  return [a >> 8, a & 255, b >> 8, b & 255].join('.');
}

/** Why an IP address is not a public one ("loopback", "private", ...), or null for a public address. */
export function nonPublicReason(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const inner = embeddedIPv4(address);
    if (inner) {
      const reason = nonPublicReason(inner);
      return reason ? `${reason} (IPv4 inside IPv6)` : null;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const block of blocks) {
    if (block.family === type && block.list.check(address, type)) return block.name;
  }
  return null;
}

/** Thrown from the connection's lookup when the resolved address is not public; the fetcher reads `code`. */
export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(
    readonly host: string,
    readonly address: string,
    readonly why: string,
  ) {
    super(`${host} resolves to ${address}, a ${why} address: not fetched`);
    this.name = 'PrivateAddressError';
  }
}

export interface AddressGuardOptions {
  /** Turns the guard off (SOURCES_ALLOW_PRIVATE_HOSTS): tests and local mirrors. */
  allowPrivateHosts: boolean;
  /** The resolver; tests inject one so a name can resolve to 127.0.0.1. Default: the system's. */
  lookup?: LookupFunction;
  /** Addresses a test treats as public: its local server stands in for a government site. */
  treatAsPublic?: readonly string[];
}

/** Why the address is refused under these options, or null when it may be reached. */
export function refusedAddress(address: string, options: AddressGuardOptions): string | null {
  if (options.allowPrivateHosts || options.treatAsPublic?.includes(address)) return null;
  return nonPublicReason(address);
}

/** Strips the brackets of an IPv6 URL host ("[::1]" → "::1"). */
export function hostAddress(hostname: string): string {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

/**
 * A lookup for net/tls.connect (undici's `connect.lookup`) that resolves as usual and fails with a
 * PrivateAddressError when any address it would hand the socket is not public.
 */
export function guardedLookup(options: AddressGuardOptions): LookupFunction {
  const resolve = (options.lookup ?? dns.lookup) as LookupFunction;
  return (hostname, lookupOptions, callback) => {
    resolve(hostname, lookupOptions, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address : [{ address, family: family ?? isIP(address) }];
      for (const entry of addresses) {
        const why = refusedAddress(entry.address, options);
        if (why) return callback(new PrivateAddressError(hostname, entry.address, why), '', 0);
      }
      callback(null, address, family);
    });
  };
}
