import { html } from 'hono/html';
import { subscriptionStatusLabels } from '../../../vocabulary/subscription-status.ts';
import type { LocalCheckoutPage } from '../../billing/local-provider.ts';
import type { StoredSubscription } from '../../billing/subscriptions.ts';
import { fullAccessPlan } from '../../shared/billing-schemas.ts';

/**
 * The local payment provider's two pages, server-rendered: small, accessible (landmarks, labels,
 * a live status region, WCAG AA contrast) and plain about being a test stand-in for Stripe. Their
 * forms are posted as JSON by /assets/local-billing.js, because the API accepts state-changing
 * calls only as same-origin JSON (api/auth/csrf.ts); the script and styles are files so a strict
 * Content-Security-Policy (no inline code) holds.
 */

export const assetsPath = '/api/billing/local/assets';

const formatDate = (date: Date) => date.toLocaleDateString('en-US', { dateStyle: 'long', timeZone: 'UTC' });
const dateElement = (date: Date) => html`<time datetime="${date.toISOString()}">${formatDate(date)}</time>`;

function layout(title: string, body: unknown) {
  return html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} · Local test payment provider</title>
    <link rel="stylesheet" href="${assetsPath}/local-billing.css" />
    <script src="${assetsPath}/local-billing.js" defer></script>
  </head>
  <body>
    <main>
      <p class="notice" role="note">
        <strong>Local test payment provider.</strong> No card is charged and no money moves. This page stands in for
        Stripe because this server runs without <code>STRIPE_SECRET_KEY</code>.
      </p>
      ${body}
      <p id="form-status" class="form-status" role="status" aria-live="polite"></p>
      <noscript><p class="form-status">The buttons on this page need JavaScript.</p></noscript>
    </main>
  </body>
</html>`;
}

function planSummary() {
  return html`<section class="plan" aria-labelledby="plan-name">
    <h2 id="plan-name">${fullAccessPlan.name}</h2>
    <p class="price"><span class="amount">$${fullAccessPlan.monthlyPriceUsd}</span> per month per user, billed monthly</p>
    <p>${fullAccessPlan.description}.</p>
  </section>`;
}

export function checkoutPage(page: LocalCheckoutPage, links: { cancel: string; success: string; subscribe: string }) {
  const pay = html`<p>
      ${page.trialEndsAt
        ? html`Your ${fullAccessPlan.trialDays}-day free trial starts today. The first $${fullAccessPlan.monthlyPriceUsd} charge would
          be on ${dateElement(page.trialEndsAt)}.`
        : html`You have had the free trial, so the first $${fullAccessPlan.monthlyPriceUsd} charge is today.`}
      Cancel any time from your account settings.
    </p>
    <form class="actions" method="post" action="/api/billing/local/checkout/${page.sessionId}/pay" data-json-form>
      <button type="submit" class="primary">Pay</button>
      <a class="secondary" href="${links.cancel}">Cancel</a>
    </form>`;
  const outcome =
    page.status === 'complete'
      ? html`<p>This checkout is complete.</p>
          <p><a href="${links.success}">Continue</a></p>`
      : page.status === 'expired'
        ? html`<p>This checkout session has expired.</p>
            <p><a href="${links.subscribe}">Start again</a></p>`
        : pay;
  return layout(
    'Checkout',
    html`<h1>Subscribe to ${fullAccessPlan.name}</h1>
      <p>Signed in as <strong>${page.email}</strong>.</p>
      ${planSummary()} ${outcome}`,
  );
}

export function portalPage(
  email: string,
  subscription: StoredSubscription | null,
  links: { account: string; subscribe: string },
  options: { testControls: boolean },
) {
  const account = html`<p class="return"><a href="${links.account}">Return to account</a></p>`;
  if (!subscription || subscription.provider !== 'local') {
    return layout(
      'Billing',
      html`<h1>Billing</h1>
        <p>Signed in as <strong>${email}</strong>.</p>
        <p>You have no subscription with the local payment provider.</p>
        <p><a href="${links.subscribe}">Subscribe</a></p>
        ${account}`,
    );
  }
  const renewing = (subscription.status === 'active' || subscription.status === 'trialing') && !subscription.cancelAtPeriodEnd;
  const cancelling = (subscription.status === 'active' || subscription.status === 'trialing') && subscription.cancelAtPeriodEnd;
  const overdue = subscription.status === 'past_due' || subscription.status === 'unpaid';
  const periodEnd = subscription.currentPeriodEnd;
  const periodLabel = renewing
    ? subscription.status === 'trialing'
      ? 'Trial ends, first charge'
      : 'Next billing date'
    : cancelling || subscription.status === 'past_due'
      ? 'Access ends'
      : 'Period ended';

  const action = (path: string, label: string, className: string) =>
    html`<form method="post" action="/api/billing/local/portal/${path}" data-json-form>
      <button type="submit" class="${className}">${label}</button>
    </form>`;

  const testControls = options.testControls
    ? html`<section class="test-controls" aria-labelledby="test-controls-title">
        <h2 id="test-controls-title">Test controls</h2>
        <p>These act out what a real payment provider would do, so the payment-failure path can be tried offline.</p>
        <div class="actions">
          ${renewing ? action('simulate-payment-failure', 'Simulate payment failure', 'secondary') : ''}
          ${overdue ? action('simulate-payment-success', 'Simulate successful payment', 'secondary') : ''}
          ${!renewing && !overdue ? html`<p>No test control applies to this subscription.</p>` : ''}
        </div>
      </section>`
    : '';
  return layout(
    'Billing',
    html`<h1>Billing</h1>
      <p>Signed in as <strong>${email}</strong>.</p>
      <section aria-labelledby="subscription-title">
        <h2 id="subscription-title">Your subscription</h2>
        <dl>
          <dt>Plan</dt>
          <dd>${fullAccessPlan.name}, $${fullAccessPlan.monthlyPriceUsd} per month</dd>
          <dt>Status</dt>
          <dd>${subscriptionStatusLabels[subscription.status]}${cancelling ? ' (cancels at the end of the period)' : ''}</dd>
          ${periodEnd ? html`<dt>${periodLabel}</dt><dd>${dateElement(periodEnd)}</dd>` : ''}
        </dl>
        <div class="actions">
          ${renewing ? action('cancel', 'Cancel subscription', 'danger') : ''}
          ${cancelling ? action('resume', 'Resume subscription', 'primary') : ''}
        </div>
        ${renewing && periodEnd ? html`<p class="hint">After cancelling you keep access until ${dateElement(periodEnd)}.</p>` : ''}
        ${subscription.status === 'canceled' || subscription.status.startsWith('incomplete')
          ? html`<p><a href="${links.subscribe}">Subscribe again</a></p>`
          : ''}
      </section>
      ${testControls}
      ${account}`,
  );
}

export function messagePage(title: string, message: string, link: { href: string; label: string }) {
  return layout(
    title,
    html`<h1>${title}</h1>
      <p>${message}</p>
      <p><a href="${link.href}">${link.label}</a></p>`,
  );
}

export const localBillingScript = `// Posts the local billing forms as same-origin JSON (the API's CSRF rule) and follows the answer.
for (const form of document.querySelectorAll('form[data-json-form]')) {
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const status = document.getElementById('form-status');
    const buttons = document.querySelectorAll('form[data-json-form] button');
    for (const button of buttons) button.disabled = true;
    status.textContent = 'Working...';
    try {
      const response = await fetch(form.action, {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
        body: '{}',
      });
      const answer = await response.json().catch(() => null);
      if (response.ok && answer && answer.redirectTo) {
        window.location.assign(answer.redirectTo);
        return;
      }
      status.textContent = (answer && answer.error && answer.error.message) || 'The request failed (' + response.status + ').';
    } catch {
      status.textContent = 'The request could not be sent. Check your connection and try again.';
    }
    for (const button of buttons) button.disabled = false;
  });
}
`;

/** Dark text on light backgrounds, every pair at least 4.5:1; focus always visible. */
export const localBillingStyles = `:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', sans-serif; line-height: 1.5; }
body { margin: 0; background: #f3f4f6; color: #111827; }
main { max-width: 36rem; margin: 2rem auto; padding: 1.5rem 2rem 2rem; background: #ffffff; border: 1px solid #d1d5db; border-radius: 0.75rem; }
h1 { font-size: 1.5rem; margin: 1rem 0 0.5rem; }
h2 { font-size: 1.125rem; margin: 1.25rem 0 0.5rem; }
a { color: #1d4ed8; }
.notice { background: #fef3c7; color: #78350f; border: 1px solid #d97706; border-radius: 0.5rem; padding: 0.75rem 1rem; margin: 0; }
.plan { border: 1px solid #d1d5db; border-radius: 0.5rem; padding: 0 1rem; }
.price .amount { font-size: 1.75rem; font-weight: 700; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
.actions { display: flex; flex-wrap: wrap; align-items: center; gap: 0.75rem; margin: 1rem 0; }
.actions form { margin: 0; }
button, a.secondary { font: inherit; font-weight: 600; padding: 0.6rem 1.25rem; border-radius: 0.5rem; cursor: pointer; text-decoration: none; display: inline-block; }
button.primary { background: #1d4ed8; color: #ffffff; border: 1px solid #1d4ed8; }
button.danger { background: #b91c1c; color: #ffffff; border: 1px solid #b91c1c; }
button.secondary, a.secondary { background: #ffffff; color: #1f2937; border: 1px solid #6b7280; }
button:disabled { opacity: 0.6; cursor: progress; }
button:focus-visible, a:focus-visible { outline: 3px solid #f59e0b; outline-offset: 2px; }
.test-controls { border: 2px dashed #6b7280; border-radius: 0.5rem; padding: 0 1rem; margin-top: 1.5rem; }
.hint { color: #374151; }
.form-status { min-height: 1.5em; color: #1f2937; font-weight: 600; }
.return { margin-top: 1.5rem; }
`;
