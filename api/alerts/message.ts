import { convert } from 'html-to-text';
import mjml2html from 'mjml';
import type { DeliveryTiming } from '../../vocabulary/deliveries.ts';
import { productName } from '../../vocabulary/product.ts';
import type { TermMatch } from '../shared/search.ts';

/**
 * The one alert template: MJML (responsive, so it reads on a phone) rendered to the HTML part, and
 * the plain-text part converted from that HTML, so both parts always say the same thing. Slack and
 * webhooks take the same `AlertContent` (./channels.ts).
 */

/** A policy as an alert lists it. */
export type AlertPolicy = {
  id: number;
  title: string;
  departmentName: string;
  /** Publication date, YYYY-MM-DD. */
  date: string;
  importance: number;
  description: string;
  link: string;
  /** The Chinese terms the rule found it through, when it found it only in its Chinese text (a dictionary match, not a translation). */
  matched?: TermMatch[];
};

/**
 * The policies one rule matched, with the link that stops that rule's alerts. A follow alert's
 * group (rule `follow:<id>`, named by the followed policy's title) says what happened in `notice`
 * ("… was amended by …") and lists the followed policy and the one that acted on it.
 */
export type AlertGroup = { ruleId: string; ruleName: string; unsubscribeUrl: string; policies: AlertPolicy[]; notice?: string };

export type AlertContent = {
  cadence: DeliveryTiming;
  recipientName: string;
  groups: AlertGroup[];
  /** Stops every alert of the reader (the e-mail's footer link; the List-Unsubscribe header names the message's own rules). */
  unsubscribeAllUrl: string;
  accountUrl: string;
};

export type RenderedAlert = { subject: string; html: string; text: string };

const brand = '#991b1b';

/** Every policy of the message once, however many of its rules matched it. */
export function distinctPolicies(content: Pick<AlertContent, 'groups'>): AlertPolicy[] {
  return [...new Map(content.groups.flatMap((group) => group.policies).map((policy) => [policy.id, policy])).values()];
}

export function alertSubject(content: AlertContent): string {
  const notice = content.groups.find((group) => group.notice)?.notice;
  if (content.cadence === 'immediate' && notice) return notice;
  const policies = distinctPolicies(content);
  if (content.cadence === 'immediate') return `New policy: ${policies[0]?.title ?? ''}`.trim();
  const count = `${policies.length} new ${policies.length === 1 ? 'policy' : 'policies'}`;
  return `Your ${content.cadence} policy digest: ${count}`;
}

/** One line of a description: its first sentence or line, cut at 200 characters. */
export function oneLine(description: string): string {
  const first = description.split(/\n|(?<=[.!?。！？])\s/)[0]?.trim() ?? '';
  return first.length > 200 ? `${first.slice(0, 199).trimEnd()}…` : first;
}

/**
 * A policy's link that opens its original with the matched terms marked: the policy page's
 * `matched` parameter, JSON as its router reads it (web/src/policies/policy-search.ts).
 */
export function linkWithMatched(link: string, matched: readonly TermMatch[]): string {
  return `${link}?matched=${encodeURIComponent(JSON.stringify(matched.map(({ chinese, english }) => ({ chinese, english }))))}`;
}

/** What a policy found in its Chinese text matched, as the search page's cards say it: "matched 稀土 for 'rare earth'". */
export function matchedNote(matched: readonly TermMatch[]): string {
  return `Found in the Chinese text: matched ${matched.map((match) => `${match.chinese} for '${match.english}'`).join(', ')} (dictionary match, not a translation)`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function policyBlock(policy: AlertPolicy): string {
  return `
      <mj-text padding="12px 0 0 0" font-size="17px" font-weight="600" line-height="1.35">
        <a href="${escape(policy.link)}" style="color:${brand};text-decoration:none">${escape(policy.title)}</a>
      </mj-text>
      <mj-text padding="4px 0 0 0" font-size="13px" color="#475569">
        ${escape(policy.departmentName)} · ${escape(policy.date)} · Importance ${policy.importance}/10
      </mj-text>${policy.matched ? `
      <mj-text padding="4px 0 0 0" font-size="13px" color="#475569">${escape(matchedNote(policy.matched))}</mj-text>` : ''}
      <mj-text padding="6px 0 12px 0" font-size="15px" line-height="1.5">${escape(oneLine(policy.description))}</mj-text>
      <mj-divider border-width="1px" border-color="#e2e8f0" padding="0" />`;
}

/** What a group's heading and its unsubscribe link say: a follow alert says what happened, and its link stops following. */
export function groupWords(group: AlertGroup): { heading: string; unsubscribe: string } {
  if (group.notice) return { heading: group.notice, unsubscribe: `Stop following “${group.ruleName}”` };
  return { heading: `Matches for “${group.ruleName}”`, unsubscribe: `Unsubscribe from “${group.ruleName}”` };
}

function groupBlock(group: AlertGroup): string {
  const words = groupWords(group);
  return `
    <mj-section background-color="#ffffff" padding="16px 24px 8px 24px">
      <mj-column>
        <mj-text padding="0" font-size="${group.notice ? '16px' : '12px'}" font-weight="700" color="${group.notice ? '#0f172a' : '#475569'}"${group.notice ? '' : ' text-transform="uppercase" letter-spacing="0.05em"'}>
          ${escape(words.heading)}
        </mj-text>
        ${group.policies.map(policyBlock).join('')}
        <mj-text padding="8px 0 0 0" font-size="12px" color="#475569">
          <a href="${escape(group.unsubscribeUrl)}" style="color:#475569">${escape(words.unsubscribe)}</a>
        </mj-text>
      </mj-column>
    </mj-section>`;
}

function template(content: AlertContent, subject: string): string {
  const intro = content.groups.some((group) => group.notice)
    ? 'News of a policy you follow.'
    : content.cadence === 'immediate'
      ? 'A new policy matches what you follow.'
      : `Every new policy matching what you follow since your last ${content.cadence} digest.`;
  return `<mjml>
  <mj-head>
    <mj-title>${escape(subject)}</mj-title>
    <mj-attributes><mj-all font-family="-apple-system, 'Segoe UI', Roboto, Arial, 'PingFang SC', sans-serif" /><mj-text color="#0f172a" /></mj-attributes>
  </mj-head>
  <mj-body background-color="#f8fafc">
    <mj-section background-color="${brand}" padding="16px 24px">
      <mj-column><mj-text padding="0" font-size="18px" font-weight="700" color="#ffffff">${productName}</mj-text></mj-column>
    </mj-section>
    <mj-section background-color="#ffffff" padding="20px 24px 0 24px">
      <mj-column>
        <mj-text padding="0" font-size="15px">Hello ${escape(content.recipientName)},</mj-text>
        <mj-text padding="8px 0 0 0" font-size="15px">${intro}</mj-text>
      </mj-column>
    </mj-section>
    ${content.groups.map(groupBlock).join('')}
    <mj-section padding="16px 24px">
      <mj-column>
        <mj-text padding="0" font-size="12px" color="#475569" line-height="1.5">
          You receive this because of your alerts on ${productName}.
          <a href="${escape(content.accountUrl)}" style="color:#475569">Manage your alerts</a> ·
          <a href="${escape(content.unsubscribeAllUrl)}" style="color:#475569">Unsubscribe from all alerts</a>
        </mj-text>
      </mj-column>
    </mj-section>
  </mj-body>
</mjml>`;
}

export async function renderAlert(content: AlertContent): Promise<RenderedAlert> {
  const subject = alertSubject(content);
  // mjml 4 renders synchronously; its published types describe mjml 5's promise. Awaiting fits both.
  // `fonts: {}`: MJML links Google Fonts for any family of its list named in the stack (Roboto is),
  // a fetch to a third party from every reader's mail client; the system fonts need none.
  const { html, errors } = await mjml2html(template(content, subject), { validationLevel: 'strict', minify: false, fonts: {} });
  if (errors.length > 0) throw new Error(`The alert template is not valid MJML: ${errors.map((error) => error.formattedMessage).join('; ')}`);
  const text = convert(html, {
    wordwrap: 100,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'title', format: 'skip' },
    ],
  });
  return { subject, html, text };
}
