import { createHmac } from 'node:crypto';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, request } from 'undici';
import { guardedLookup, refusedAddress } from '../outbound/address-guard.ts';
import type { AlertChannelKind } from '../../vocabulary/deliveries.ts';
import { distinctPolicies, type AlertContent, type RenderedAlert } from './message.ts';

/**
 * Slack incoming webhooks and generic webhooks: the same content as the e-mail, as Slack's message
 * JSON (blocks) or as a JSON body signed with the channel's secret. Every post goes through the
 * outbound address guard (api/outbound/address-guard.ts, given as `guard`): no private, loopback or
 * link-local address, checked on the address the socket connects to. One attempt per send with a
 * timeout; the delivery's backoff retries it, and the channel is disabled after repeated failures.
 */

export type AlertChannel = { id: number; kind: AlertChannelKind; name: string; url: string; secret: string | null };

export type AlertChannelPoster = {
  /** Posts the alert; answers the body sent (the Outbox shows it). A throw is a failed attempt. */
  post(channel: AlertChannel, content: AlertContent, rendered: RenderedAlert): Promise<string>;
  close(): Promise<void>;
};

/** The outbound guard as the poster uses it: a connect-time lookup, and the check of a URL's literal address. */
export type OutboundGuard = { lookup: LookupFunction; refusedAddress: (address: string) => string | null };

/** The product's outbound guard (api/outbound/address-guard.ts) as alerts use it. */
export function outboundGuard(options: { allowPrivateHosts: boolean }): OutboundGuard {
  return { lookup: guardedLookup(options), refusedAddress: (address) => refusedAddress(address, options) };
}

/** The header carrying a webhook body's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
export const signatureHeader = 'X-Policy-Tracker-Signature';

export function signWebhookBody(secret: string, body: string, at: Date): string {
  const timestamp = Math.floor(at.getTime() / 1000);
  return `t=${timestamp},v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** Slack's mrkdwn needs &, < and > escaped; links are <url|text>. */
function slackText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Slack allows 50 blocks a message: a long digest lists its first policies and says how many more. */
const slackPolicyLimit = 30;

export function slackMessage(content: AlertContent, rendered: RenderedAlert): object {
  const blocks: object[] = [{ type: 'header', text: { type: 'plain_text', text: rendered.subject.slice(0, 150) } }];
  let listed = 0;
  for (const group of content.groups) {
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `*Matches for “${slackText(group.ruleName)}”*` } });
    for (const policy of group.policies) {
      if (listed++ >= slackPolicyLimit) break;
      blocks.push({
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*<${policy.link}|${slackText(policy.title)}>*\n${slackText(policy.departmentName)} · ${policy.date} · Importance ${policy.importance}/10\n${slackText(policy.description.split('\n')[0]!.slice(0, 300))}`,
        },
      });
    }
  }
  const total = distinctPolicies(content).length;
  if (listed > slackPolicyLimit) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `…and more: ${total} policies in all` }] });
  blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: `<${content.accountUrl}|Manage alerts> · <${content.unsubscribeAllUrl}|Unsubscribe from all>` }] });
  return { text: rendered.subject, blocks };
}

export function webhookBody(content: AlertContent, rendered: RenderedAlert, sentAt: Date): object {
  return {
    type: 'policy_alert',
    cadence: content.cadence,
    subject: rendered.subject,
    sentAt: sentAt.toISOString(),
    groups: content.groups.map((group) => ({ ruleId: group.ruleId, ruleName: group.ruleName, policies: group.policies })),
    unsubscribeUrl: content.unsubscribeAllUrl,
  };
}

/** Why a webhook URL may not be used, or null: https (http only where private hosts are allowed, i.e. tests). */
export function webhookUrlProblem(raw: string, options: { allowPrivateHosts: boolean }): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be a URL';
  }
  if (url.protocol !== 'https:' && !(options.allowPrivateHosts && url.protocol === 'http:')) return 'must be an https:// URL';
  if (url.username || url.password) return 'must not carry a user name or password';
  return null;
}

export function createAlertChannelPoster(options: { guard: OutboundGuard; timeoutMs?: number; now?: () => Date }): AlertChannelPoster {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const agent = new Agent({ connect: { lookup: options.guard.lookup, timeout: timeoutMs } });
  return {
    async post(channel, content, rendered) {
      const url = new URL(channel.url);
      const host = url.hostname.replace(/^\[|\]$/g, '');
      // A literal address never goes through the lookup: it is judged here.
      const refused = isIP(host) ? options.guard.refusedAddress(host) : null;
      if (refused) throw new Error(`${host} is a ${refused} address: not sent`);
      const body = JSON.stringify(channel.kind === 'slack' ? slackMessage(content, rendered) : webhookBody(content, rendered, (options.now ?? (() => new Date()))()));
      const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'ChinaPolicyTracker-Alerts/1.0' };
      if (channel.kind === 'webhook' && channel.secret) headers[signatureHeader] = signWebhookBody(channel.secret, body, (options.now ?? (() => new Date()))());
      const response = await request(url, { method: 'POST', body, headers, dispatcher: agent, headersTimeout: timeoutMs, bodyTimeout: timeoutMs }).catch((error: unknown) => {
        const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
        throw new Error(`Could not reach ${url.host}: ${cause instanceof Error ? cause.message : String(cause)}`);
      });
      const answer = await response.body.text();
      if (response.statusCode < 200 || response.statusCode >= 300) throw new Error(`${url.host} answered ${response.statusCode}: ${answer.slice(0, 200)}`);
      return body;
    },
    close: () => agent.close(),
  };
}
