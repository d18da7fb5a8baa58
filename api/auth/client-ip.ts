import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The caller's IP for audit rows and the per-IP login limit. X-Forwarded-For is honoured only
 * when the direct peer is a loopback or private address (a reverse proxy next to us); from any
 * other peer it is attacker-controlled and would let one client pose as many.
 */
export function clientIp(c: Context): string | null {
  const peer = peerAddress(c);
  if (peer && isProxyAddress(peer)) {
    const forwarded = c.req.header('x-forwarded-for');
    // The right-most entry is the one our proxy appended; the others the client may have made up.
    const nearest = forwarded?.split(',').at(-1)?.trim();
    if (nearest) return nearest.slice(0, 64);
  }
  return peer;
}

function peerAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // Not behind @hono/node-server (app.request in tests): there is no socket.
    return null;
  }
}

function isProxyAddress(address: string): boolean {
  const ipv4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return (
    ipv4 === '::1' ||
    /^127\./.test(ipv4) ||
    /^10\./.test(ipv4) ||
    /^192\.168\./.test(ipv4) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(ipv4) ||
    /^f[cd][0-9a-f]{2}:/i.test(address)
  );
}
