import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, addMonths } from 'date-fns';
import Stripe from 'stripe';

/**
 * A test double of Stripe's HTTP API (not of our code): the handful of endpoints the product
 * calls, answered from memory on 127.0.0.1, so the real `stripe` client runs against it with no
 * network. Like Stripe it checks the secret key, honours Idempotency-Key (same key and body, same
 * answer; same key, other body, an error) and keeps the current state of every object, which the
 * tests change through the control methods below as Stripe's own processes would (a customer
 * paying, a renewal failing, a cancellation taking effect).
 */

type Customer = { id: string; object: 'customer'; email: string | null; name: string | null; metadata: Record<string, string>; created: number };

type CheckoutSession = {
  id: string;
  object: 'checkout.session';
  mode: string;
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid' | 'no_payment_required';
  customer: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  subscription: string | null;
  success_url: string;
  cancel_url: string | null;
  url: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  /** Kept to create the subscription when the test "pays"; not part of Stripe's answer. */
  subscriptionData: { trialPeriodDays: number | null; metadata: Record<string, string>; price: string };
};

type SubscriptionItem = {
  id: string;
  object: 'subscription_item';
  price: { id: string; object: 'price' };
  quantity: number;
  current_period_start: number;
  current_period_end: number;
};

export type TestSubscription = {
  id: string;
  object: 'subscription';
  customer: string;
  status: Stripe.Subscription.Status;
  cancel_at_period_end: boolean;
  cancel_at: number | null;
  canceled_at: number | null;
  ended_at: number | null;
  trial_start: number | null;
  trial_end: number | null;
  created: number;
  metadata: Record<string, string>;
  items: { object: 'list'; data: SubscriptionItem[]; has_more: false; url: string };
  livemode: false;
};

type PortalSession = { id: string; object: 'billing_portal.session'; customer: string; return_url: string | null; url: string; created: number };

export type RecordedRequest = { method: string; path: string; idempotencyKey: string | null; params: Record<string, unknown> };

export type StripeTestServer = Awaited<ReturnType<typeof startStripeTestServer>>;

const unix = (date: Date) => Math.floor(date.getTime() / 1000);
const newId = (prefix: string) => `${prefix}_test_${randomBytes(9).toString('hex')}`;

/** Stripe's request encoding (`a[b][0][c]=d`) back into objects and arrays. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> = root;
    path.forEach((part, index) => {
      if (index === path.length - 1) node[part] = value;
      else node = (node[part] ??= {}) as Record<string, unknown>;
    });
  }
  return toArrays(root) as Record<string, unknown>;
}

function toArrays(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value).map(([key, inner]) => [key, toArrays(inner)] as const);
  const isList = entries.length > 0 && entries.every(([key], index) => key === String(index));
  return isList ? entries.map(([, inner]) => inner) : Object.fromEntries(entries);
}

class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const missing = (kind: string, id: string) => new StripeApiError(404, 'invalid_request_error', `No such ${kind}: '${id}'`, 'resource_missing');

export async function startStripeTestServer(options: { secretKey: string; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const customers = new Map<string, Customer>();
  const checkoutSessions = new Map<string, CheckoutSession>();
  const subscriptions = new Map<string, TestSubscription>();
  const portalSessions = new Map<string, PortalSession>();
  const idempotent = new Map<string, { body: string; status: number; answer: unknown }>();
  const requests: RecordedRequest[] = [];
  let baseUrl = '';

  const publicSession = ({ subscriptionData: _kept, ...session }: CheckoutSession) => session;

  function route(method: string, path: string, params: Record<string, unknown>): unknown {
    const text = (name: string) => (typeof params[name] === 'string' ? (params[name] as string) : null);
    const record = (name: string) => (params[name] ?? {}) as Record<string, string>;
    let match: RegExpMatchArray | null;

    if (method === 'POST' && path === '/v1/customers') {
      const customer: Customer = { id: newId('cus'), object: 'customer', email: text('email'), name: text('name'), metadata: record('metadata'), created: unix(now()) };
      customers.set(customer.id, customer);
      return customer;
    }

    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const customer = text('customer');
      if (customer && !customers.has(customer)) throw missing('customer', customer);
      const lineItems = (params.line_items ?? []) as { price?: string; quantity?: string }[];
      const price = lineItems[0]?.price;
      if (!price || lineItems.length !== 1) throw new StripeApiError(400, 'invalid_request_error', 'line_items must name one price');
      if (text('mode') !== 'subscription') throw new StripeApiError(400, 'invalid_request_error', 'only subscription mode is doubled');
      const successUrl = text('success_url');
      if (!successUrl) throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: success_url.');
      const subscriptionData = (params.subscription_data ?? {}) as { trial_period_days?: string; metadata?: Record<string, string> };
      const id = newId('cs');
      const session: CheckoutSession = {
        id,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        payment_status: 'unpaid',
        customer,
        client_reference_id: text('client_reference_id'),
        metadata: record('metadata'),
        subscription: null,
        success_url: successUrl.replace('{CHECKOUT_SESSION_ID}', id),
        cancel_url: text('cancel_url'),
        url: `${baseUrl}/c/pay/${id}`,
        created: unix(now()),
        expires_at: unix(addDays(now(), 1)),
        livemode: false,
        subscriptionData: {
          trialPeriodDays: subscriptionData.trial_period_days ? Number(subscriptionData.trial_period_days) : null,
          metadata: subscriptionData.metadata ?? {},
          price,
        },
      };
      checkoutSessions.set(id, session);
      return publicSession(session);
    }

    if (method === 'GET' && (match = path.match(/^\/v1\/checkout\/sessions\/([^/]+)$/))) {
      const session = checkoutSessions.get(match[1]!);
      if (!session) throw missing('checkout.session', match[1]!);
      return publicSession(session);
    }

    if (method === 'GET' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) throw missing('subscription', match[1]!);
      return subscription;
    }

    if (method === 'POST' && (match = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      const subscription = subscriptions.get(match[1]!);
      if (!subscription) throw missing('subscription', match[1]!);
      if (subscription.status === 'canceled') {
        throw new StripeApiError(400, 'invalid_request_error', 'A canceled subscription can only update its cancellation_details and metadata.');
      }
      if (params.cancel_at_period_end !== undefined) subscription.cancel_at_period_end = params.cancel_at_period_end === 'true';
      if (params.metadata) subscription.metadata = { ...subscription.metadata, ...record('metadata') };
      return subscription;
    }

    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      const customer = text('customer');
      if (!customer || !customers.has(customer)) throw missing('customer', customer ?? '');
      const session: PortalSession = {
        id: newId('bps'),
        object: 'billing_portal.session',
        customer,
        return_url: text('return_url'),
        url: `${baseUrl}/p/session/${randomBytes(9).toString('hex')}`,
        created: unix(now()),
      };
      portalSessions.set(session.id, session);
      return session;
    }

    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(request: IncomingMessage, response: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://stripe.test');
    const method = request.method ?? 'GET';
    const body = method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString('utf8');
    const params = parseStripeForm(body);
    const idempotencyKey = (request.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method, path: url.pathname, idempotencyKey, params });

    const send = (status: number, answer: unknown) => {
      response.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
      response.end(JSON.stringify(answer));
    };

    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      return;
    }
    const replayKey = idempotencyKey && method === 'POST' ? `${url.pathname} ${idempotencyKey}` : null;
    const earlier = replayKey ? idempotent.get(replayKey) : undefined;
    if (earlier) {
      if (earlier.body !== body) {
        send(400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        });
      } else {
        send(earlier.status, earlier.answer);
      }
      return;
    }
    let status = 200;
    let answer: unknown;
    try {
      answer = structuredClone(route(method, url.pathname, params));
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      status = error.status;
      answer = { error: { type: error.type, message: error.message, ...(error.code && { code: error.code }) } };
    }
    if (replayKey) idempotent.set(replayKey, { body, status, answer });
    send(status, answer);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ error: { type: 'api_error', message: String(error) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function subscriptionOf(id: string): TestSubscription {
    const subscription = subscriptions.get(id);
    if (!subscription) throw new Error(`No subscription ${id}`);
    return subscription;
  }

  function setPeriod(subscription: TestSubscription, start: Date, end: Date) {
    for (const item of subscription.items.data) {
      item.current_period_start = unix(start);
      item.current_period_end = unix(end);
    }
  }

  function createSubscription(
    customer: string,
    options: { trialDays?: number | null; price?: string; metadata?: Record<string, string> } = {},
  ): TestSubscription {
    const start = now();
    const end = options.trialDays ? addDays(start, options.trialDays) : addMonths(start, 1);
    const subscription: TestSubscription = {
      id: newId('sub'),
      object: 'subscription',
      customer,
      status: options.trialDays ? 'trialing' : 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      trial_start: options.trialDays ? unix(start) : null,
      trial_end: options.trialDays ? unix(end) : null,
      created: unix(start),
      metadata: options.metadata ?? {},
      items: {
        object: 'list',
        data: [
          {
            id: newId('si'),
            object: 'subscription_item',
            price: { id: options.price ?? 'price_test', object: 'price' },
            quantity: 1,
            current_period_start: unix(start),
            current_period_end: unix(end),
          },
        ],
        has_more: false,
        url: '/v1/subscription_items',
      },
      livemode: false,
    };
    subscriptions.set(subscription.id, subscription);
    return subscription;
  }

  return {
    url: baseUrl,
    requests,
    /** How many calls reached an endpoint, e.g. count('GET', '/v1/subscriptions/'). */
    count: (method: string, pathPrefix: string) => requests.filter((r) => r.method === method && r.path.startsWith(pathPrefix)).length,
    customers,
    checkoutSessions: { get: (id: string) => (checkoutSessions.has(id) ? publicSession(checkoutSessions.get(id)!) : undefined) },
    subscriptions,
    portalSessions,

    /**
     * The customer pays on the hosted page: the session completes and its subscription starts,
     * trialing when the session asked for a trial.
     */
    completeCheckout(sessionId: string): { session: ReturnType<typeof publicSession>; subscription: TestSubscription } {
      const session = checkoutSessions.get(sessionId);
      if (!session) throw new Error(`No checkout session ${sessionId}`);
      if (!session.customer) throw new Error('The double only pays sessions with a customer');
      const subscription = createSubscription(session.customer, {
        trialDays: session.subscriptionData.trialPeriodDays,
        price: session.subscriptionData.price,
        metadata: session.subscriptionData.metadata,
      });
      Object.assign(session, {
        status: 'complete',
        payment_status: subscription.status === 'trialing' ? 'no_payment_required' : 'paid',
        subscription: subscription.id,
      });
      return { session: publicSession(session), subscription };
    },

    /** A subscription started for a customer some other way (a second checkout, the Dashboard). */
    createSubscription,

    /** Stripe's billing moves a subscription (a renewal, a failed charge, a cancellation taking effect). */
    updateSubscription(
      id: string,
      change: Partial<Pick<TestSubscription, 'status' | 'cancel_at_period_end' | 'cancel_at' | 'trial_end'>> & { period?: { start: Date; end: Date } },
    ): TestSubscription {
      const subscription = subscriptionOf(id);
      const { period, ...fields } = change;
      Object.assign(subscription, fields);
      if (period) setPeriod(subscription, period.start, period.end);
      if (fields.status === 'canceled') Object.assign(subscription, { canceled_at: unix(now()), ended_at: unix(now()) });
      return subscription;
    },

    /** An invoice of the subscription, as invoice.paid / invoice.payment_failed carry it. */
    invoiceFor(subscriptionId: string) {
      const subscription = subscriptionOf(subscriptionId);
      return {
        id: newId('in'),
        object: 'invoice',
        customer: subscription.customer,
        status: 'open',
        parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: subscription.metadata } },
      };
    },

    /** An event as Stripe would deliver it, carrying a snapshot of `object` (which may be stale by delivery). */
    event(type: string, object: object): { id: string; payload: string } {
      const id = newId('evt');
      const payload = JSON.stringify({
        id,
        object: 'event',
        api_version: Stripe.API_VERSION,
        created: unix(now()),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: structuredClone(object) },
      });
      return { id, payload };
    },

    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
