import { describe, expect, it } from 'vitest';
import { loadLabelledSet } from '../processing/documents/labelled-set.ts';
import { renderAlert } from './message.ts';

describe('an alert e-mail', () => {
  it('is set in the reader\'s system fonts: it fetches nothing from a third party (no Google Fonts link or import)', async () => {
    const document = loadLabelledSet()[0]!;
    const appUrl = 'https://policy.example.test';
    const rendered = await renderAlert({
      cadence: 'daily',
      recipientName: 'Reader',
      groups: [
        {
          ruleId: '1',
          ruleName: 'State Council',
          unsubscribeUrl: `${appUrl}/api/alerts/unsubscribe/rule-link`,
          policies: [{ id: 1, title: document.title, departmentName: 'State Council', date: document.receivedOn, importance: 7, description: document.story.chineseText.slice(0, 200), link: `${appUrl}/policy/1` }],
        },
      ],
      unsubscribeAllUrl: `${appUrl}/api/alerts/unsubscribe/all-link`,
      accountUrl: `${appUrl}/account`,
    });
    expect(rendered.html).toContain(document.title);
    expect(rendered.html).not.toMatch(/fonts\.googleapis|fonts\.gstatic/);
    expect(rendered.html).not.toMatch(/<link\b|@import/);
    // Every address the mail's HTML names is the product's own.
    const addresses = [...rendered.html.matchAll(/(?:href|src)="(https?:[^"]+)"/g)].map((match) => new URL(match[1]!).origin);
    expect(new Set(addresses)).toEqual(new Set([appUrl]));
  });
});
