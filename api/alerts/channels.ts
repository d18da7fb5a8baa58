import { createHmac } from 'node:crypto';
import type { Poster } from '../outbound/poster.ts';
import type { AlertChannelKind } from '../../vocabulary/deliveries.ts';
import { distinctPolicies, groupWords, matchedNote, type AlertContent, type RenderedAlert } from './message.ts';

/**
 * Slack incoming webhooks and generic webhooks: the same content as the e-mail, as Slack's message
 * JSON (blocks) or as a JSON body signed with the channel's secret. Every post goes through the
 * outbound poster (api/outbound/poster.ts): the address guard, a total deadline, a few KB of the
 * answer read. One attempt per send; the delivery's backoff retries it, and the channel is disabled
 * after repeated failures.
 */

export type AlertChannel = { id: number; kind: AlertChannelKind; name: string; url: string; secret: string | null };

export type AlertChannelPoster = {
  /** Posts the alert; answers the body sent (the Outbox shows it). A throw (a PostFailure) is a failed attempt. */
  post(channel: AlertChannel, content: AlertContent, rendered: RenderedAlert): Promise<string>;
  /** Why a channel may not be saved with this URL, or null (the poster's check, DNS included). */
  urlProblem(url: string): Promise<string | null>;
  close(): Promise<void>;
};

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
    blocks.push({ type: 'section', text: { type: 'mrkdwn', text: `*${slackText(groupWords(group).heading)}*` } });
    for (const policy of group.policies) {
      if (listed++ >= slackPolicyLimit) break;
      blocks.push({
        type: 'section',
        text: {
          type: 'mrkdwn',
          text: `*<${policy.link}|${slackText(policy.title)}>*\n${slackText(policy.departmentName)} · ${policy.date} · Importance ${policy.importance}/10\n${policy.matched ? `_${slackText(matchedNote(policy.matched))}_\n` : ''}${slackText(policy.description.split('\n')[0]!.slice(0, 300))}`,
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
    groups: content.groups.map((group) => ({ ruleId: group.ruleId, ruleName: group.ruleName, ...(group.notice ? { notice: group.notice } : {}), policies: group.policies })),
    unsubscribeUrl: content.unsubscribeAllUrl,
  };
}

export function createAlertChannelPoster(options: { poster: Poster; now?: () => Date }): AlertChannelPoster {
  const now = options.now ?? (() => new Date());
  return {
    async post(channel, content, rendered) {
      const body = JSON.stringify(channel.kind === 'slack' ? slackMessage(content, rendered) : webhookBody(content, rendered, now()));
      const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'ChinaPolicyTracker-Alerts/1.0' };
      if (channel.kind === 'webhook' && channel.secret) headers[signatureHeader] = signWebhookBody(channel.secret, body, now());
      await options.poster.post(channel.url, { body, headers });
      return body;
    },
    urlProblem: (url) => options.poster.urlProblem(url),
    close: () => options.poster.close(),
  };
}
