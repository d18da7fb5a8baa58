import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * The guard that keeps an outbound request off the internal network (issue 31): a URL an admin can
 * edit, or a webhook a user enters, must not reach the database, the cloud's metadata service or a
 * router. It judges the address the socket connects to, not the name, so a public-looking name that
 * resolves to 127.0.0.1 is refused too (and a name re-resolved between check and connect cannot
 * slip through: the check is in the connection's own lookup).
 */

/**
 * Only global unicast is reached. IPv4: every special-purpose range of the IANA registry (RFC 6890
 * and successors). IPv6: only 2000::/3, less its special-purpose blocks; every other IPv6 address
 * (IPv4-compatible ::a.b.c.d, IPv4-translated ::ffff:0:a.b.c.d, NAT64, discard, site-local, ...) is
 * refused whatever it embeds. Two forms carry an IPv4 address judged as such: IPv4-mapped
 * ::ffff:a.b.c.d (how a dual-stack resolver hands out IPv4) and 6to4 2002:AABB:CCDD::/48.
 * NAT64 (64:ff9b::/96, 64:ff9b:1::/48) is refused outright: a translator on the server's network
 * reaches whatever IPv4 address the last 32 bits name, and the product does not run behind DNS64.
 * Node's BlockList parses every spelling of an address (long, compressed, dotted tail).
 */
const ipv4Ranges: ReadonlyArray<readonly [string, number, string]> = [
  ['255.255.255.255', 32, 'broadcast'],
  ['0.0.0.0', 8, 'this network'],
  ['10.0.0.0', 8, 'private'],
  ['100.64.0.0', 10, 'carrier-grade NAT'],
  ['127.0.0.0', 8, 'loopback'],
  ['169.254.0.0', 16, 'link-local'],
  ['172.16.0.0', 12, 'private'],
  ['192.0.0.0', 24, 'IETF protocol assignments'],
  ['192.0.2.0', 24, 'documentation'],
  ['192.88.99.0', 24, '6to4 relay anycast'],
  ['192.168.0.0', 16, 'private'],
  ['198.18.0.0', 15, 'benchmarking'],
  ['198.51.100.0', 24, 'documentation'],
  ['203.0.113.0', 24, 'documentation'],
  ['224.0.0.0', 4, 'multicast'],
  ['240.0.0.0', 4, 'reserved'],
];

const ipv6Ranges: ReadonlyArray<readonly [string, number, string]> = [
  ['::', 128, 'unspecified'],
  ['::1', 128, 'loopback'],
  ['::', 96, 'IPv4-compatible (deprecated)'],
  ['::ffff:0:0:0', 96, 'IPv4-translated'],
  ['64:ff9b::', 96, 'NAT64'],
  ['64:ff9b:1::', 48, 'local-use NAT64'],
  ['100::', 64, 'discard'],
  ['2001::', 32, 'Teredo'],
  ['2001:2::', 48, 'benchmarking'],
  ['2001:20::', 28, 'ORCHIDv2'],
  ['2001::', 23, 'IETF protocol assignments'],
  ['2001:db8::', 32, 'documentation'],
  ['3fff::', 20, 'documentation'],
  ['fc00::', 7, 'unique-local'],
  ['fe80::', 10, 'link-local'],
  ['fec0::', 10, 'site-local (deprecated)'],
  ['ff00::', 8, 'multicast'],
];

function blocksOf(ranges: ReadonlyArray<readonly [string, number, string]>, family: 'ipv4' | 'ipv6') {
  return ranges.map(([network, prefix, name]) => {
    const list = new BlockList();
    list.addSubnet(network, prefix, family);
    return { list, name };
  });
}

const ipv4Blocks = blocksOf(ipv4Ranges, 'ipv4');
const ipv6Blocks = blocksOf(ipv6Ranges, 'ipv6');
const globalUnicast = blocksOf([['2000::', 3, 'global unicast']], 'ipv6')[0]!.list;
const ipv4Mapped = blocksOf([['::ffff:0:0', 96, 'IPv4-mapped']], 'ipv6')[0]!.list;
const sixToFour = blocksOf([['2002::', 16, '6to4']], 'ipv6')[0]!.list;

/** The eight 16-bit words of an IPv6 address, read from its canonical spelling (the URL parser's: compressed, hex only). */
function ipv6Words(address: string): number[] {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = '', tail] = canonical.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  return [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right].map((word) => parseInt(word, 16));
}

function wordsToIPv4(high: number, low: number): string {
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

function ipv4Reason(address: string): string | null {
  return ipv4Blocks.find((block) => block.list.check(address, 'ipv4'))?.name ?? null;
}

function ipv6Reason(address: string): string | null {
  let words: number[];
  try {
    words = ipv6Words(address);
  } catch {
    // A zone id (fe80::1%eth0) is no URL host: only link-local addresses carry one.
    return 'scoped (zone) address';
  }
  const embedded = ipv4Mapped.check(address, 'ipv6') ? wordsToIPv4(words[6]!, words[7]!) : sixToFour.check(address, 'ipv6') ? wordsToIPv4(words[1]!, words[2]!) : null;
  if (embedded) {
    const reason = ipv4Reason(embedded);
    return reason ? `${reason} (IPv4 inside IPv6)` : null;
  }
  const named = ipv6Blocks.find((block) => block.list.check(address, 'ipv6'))?.name;
  if (named) return named;
  return globalUnicast.check(address, 'ipv6') ? null : 'reserved (not global unicast)';
}

/** Why an IP address is not a public one ("loopback", "private", ...), or null for a global unicast address. */
export function nonPublicReason(address: string): string | null {
  const family = isIP(address);
  if (family === 4) return ipv4Reason(address);
  if (family === 6) return ipv6Reason(address);
  return 'not an IP address';
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

/**
 * Why a URL's host is refused before anything is sent to it (a channel's or a list page's address,
 * checked when saved): its literal address, or any address its name resolves to now. A name that
 * does not resolve is let through: the connection's lookup judges it again when it is used, and a
 * save does not tell a user which names our resolver knows.
 */
export async function refusedHost(url: URL, options: AddressGuardOptions): Promise<string | null> {
  if (options.allowPrivateHosts) return null;
  const host = hostAddress(url.hostname);
  if (isIP(host)) return refusedAddress(host, options);
  const resolve = options.lookup ?? dns.lookup;
  const addresses = await new Promise<dns.LookupAddress[]>((done) => {
    (resolve as (hostname: string, options: dns.LookupAllOptions, callback: (error: Error | null, addresses: dns.LookupAddress[]) => void) => void)(host, { all: true }, (error, found) => done(error ? [] : found));
  });
  for (const { address } of addresses) {
    const why = refusedAddress(address, options);
    if (why) return why;
  }
  return null;
}
