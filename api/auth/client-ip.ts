import { BlockList, isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config.ts';

/**
 * The caller's IP, for audit rows and the per-IP limits, worked out once per request.
 * X-Forwarded-For is honoured only when the direct peer is one of the proxies TRUST_PROXY names:
 * from anyone else it is attacker-controlled and would let one client pose as many.
 */
export function clientIpMiddleware(config: Pick<Config, 'TRUST_PROXY'>) {
  const proxies = new BlockList();
  for (const entry of config.TRUST_PROXY) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) proxies.addAddress(address, type);
    else proxies.addSubnet(address, Number(prefix), type);
  }
  const isTrustedProxy = (peer: string) => {
    const ipv4 = peer.startsWith('::ffff:') ? peer.slice(7) : peer;
    return isIP(ipv4) === 4 ? proxies.check(ipv4, 'ipv4') : isIP(peer) === 6 && proxies.check(peer, 'ipv6');
  };
  return createMiddleware<{ Variables: { clientIp: string | null } }>(async (c, next) => {
    const peer = peerAddress(c);
    let ip = peer;
    if (peer && isTrustedProxy(peer)) {
      // The right-most entry is the one our proxy appended; the others the client may have made up.
      const nearest = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
      if (nearest && isIP(nearest)) ip = nearest;
    }
    c.set('clientIp', ip);
    await next();
  });
}

export function clientIp(c: Context): string | null {
  return (c.get('clientIp') as string | null | undefined) ?? null;
}

function peerAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // Not behind @hono/node-server (app.request in tests): there is no socket.
    return null;
  }
}
