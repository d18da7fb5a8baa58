import { html } from 'hono/html';
import { productName } from '../../../vocabulary/product.ts';

/**
 * The unsubscribe pages, served by the API itself: an unsubscribe link must work without signing
 * in and without the web app (a mail client's preview opens it), so they are plain HTML in the
 * product's colours. GET only shows the question; the form's POST (or a mail client's one-click
 * POST, RFC 8058) unsubscribes.
 */
const page = (title: string, body: ReturnType<typeof html>) => html`<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title} · ${productName}</title>
    <style>
      body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif; background: #f8fafc; color: #0f172a; }
      header { background: #991b1b; color: #fff; padding: 16px 24px; font-weight: 700; font-size: 18px; }
      main { max-width: 480px; margin: 32px auto; background: #fff; border: 1px solid #e2e8f0; border-radius: 8px; padding: 24px; }
      h1 { font-size: 20px; margin: 0 0 12px; }
      button { background: #991b1b; color: #fff; border: 0; border-radius: 6px; padding: 10px 16px; font-size: 15px; font-weight: 600; cursor: pointer; }
      a { color: #991b1b; }
    </style>
  </head>
  <body>
    <header>${productName}</header>
    <main>${body}</main>
  </body>
</html>`;

export function confirmationPage(subject: string) {
  return page(
    'Unsubscribe',
    html`<h1>Unsubscribe</h1>
      <p>Stop ${subject}, by e-mail and on your channels?</p>
      <form method="post"><button type="submit">Unsubscribe</button></form>`,
  );
}

export function donePage(subject: string, accountUrl: string) {
  return page(
    'Unsubscribed',
    html`<h1>You are unsubscribed</h1>
      <p>You will no longer receive ${subject}.</p>
      <p><a href="${accountUrl}">Manage your alerts</a></p>`,
  );
}

export function invalidLinkPage() {
  return page('Link not valid', html`<h1>This unsubscribe link is not valid</h1><p>Sign in and manage your alerts on your account page.</p>`);
}

export function outOfDateLinkPage(accountUrl: string) {
  return page(
    'Link out of date',
    html`<h1>This unsubscribe link is out of date</h1>
      <p>Your alerts have changed since this e-mail was sent, so the link no longer does anything. Use the link in a newer e-mail, or manage your alerts on your account page.</p>
      <p><a href="${accountUrl}">Manage your alerts</a></p>`,
  );
}
