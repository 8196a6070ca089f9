import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake of the parts of Stripe's API that billing uses (docs/decisions/0068), on 127.0.0.1, spoken
 * to by the official `stripe` library (pointed here with STRIPE_API_URL): customers, Checkout
 * sessions, subscriptions and their items, Customer Portal sessions, invoices. Requests are
 * form-encoded as the library sends them and answered with Stripe's JSON shapes; the secret key is
 * checked. What Stripe does on its own pages and schedules (a customer paying on Checkout, a card
 * failing, paying again) is driven by the test, and each produces the events Stripe would send,
 * signed with the endpoint secret as Stripe signs them (`t=<time>,v1=<HMAC-SHA256>`).
 * Checkout and Portal URLs lead to small HTML pages of this server, so a browser test can go through.
 */
export type FakeEvent = { id: string; type: string; payload: string; signature: string };
type Obj = Record<string, any>;

export type FakeStripeOptions = { secretKey: string; webhookSecret: string; prices: Record<string, number>; currency?: string };

const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 86_400;

/** `a[b][0][c]=v` form fields into nested objects (indexes stay object keys; `list()` reads them). */
export function parseForm(body: string): Obj {
  const out: Obj = {};
  for (const part of body.split('&').filter(Boolean)) {
    const [rawKey, rawValue = ''] = part.split('=');
    const key = decodeURIComponent(rawKey!.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const path = key.split(/\[|\]\[|\]/).filter((k) => k !== '');
    let target = out;
    path.forEach((k, i) => {
      if (i === path.length - 1) target[k] = value;
      else target = target[k] ??= {};
    });
  }
  return out;
}
const list = (o: Obj | undefined): Obj[] =>
  o
    ? Object.keys(o)
        .sort((a, b) => Number(a) - Number(b))
        .map((k) => o[k])
    : [];

export class FakeStripe {
  readonly requests: Array<{ method: string; path: string; body: Obj }> = [];
  readonly events: FakeEvent[] = [];
  readonly customers = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices: Obj[] = [];
  url = '';
  /** Where the pages' own doings (paying on Checkout) send their events at once, as Stripe would: a browser test's server. */
  webhookUrl: string | null = null;
  private server: http.Server | null = null;
  private seq = 0;

  constructor(readonly options: FakeStripeOptions) {}

  private id(prefix: string): string {
    this.seq += 1;
    return `${prefix}_fake${String(this.seq).padStart(6, '0')}`;
  }

  async start(): Promise<this> {
    this.server = http.createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** API calls (not the HTML pages), e.g. to assert one quantity update or none at all. */
  apiCalls(match?: RegExp): Array<{ method: string; path: string; body: Obj }> {
    return this.requests.filter((r) => r.path.startsWith('/v1/') && (!match || match.test(`${r.method} ${r.path}`)));
  }

  // ---- Stripe's own doings, driven by the test ----

  /** The customer pays on the Checkout page: a subscription (trialing when the session asked for a trial), a paid invoice, and the events. */
  completeCheckout(sessionId: string): Obj {
    const session = this.sessions.get(sessionId);
    if (!session || session.status !== 'open') throw new Error(`no open checkout session ${sessionId}`);
    const line = list(session.line_items)[0]!;
    const trialDays = Number(session.subscription_data?.trial_period_days ?? 0);
    const start = now();
    const sub: Obj = {
      id: this.id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: trialDays > 0 ? 'trialing' : 'active',
      metadata: session.subscription_data?.metadata ?? {},
      cancel_at_period_end: false,
      cancel_at: null,
      canceled_at: null,
      created: start,
      trial_end: trialDays > 0 ? start + trialDays * 86_400 : null,
      trial_start: trialDays > 0 ? start : null,
      latest_invoice: null,
      items: {
        object: 'list',
        has_more: false,
        url: '/v1/subscription_items',
        data: [
          {
            id: this.id('si'),
            object: 'subscription_item',
            price: { id: line.price, object: 'price', unit_amount: this.options.prices[line.price] ?? 0, currency: this.currency },
            quantity: Number(line.quantity ?? 1),
            current_period_start: start,
            current_period_end: start + (trialDays > 0 ? trialDays * 86_400 : MONTH),
          },
        ],
      },
    };
    this.subscriptions.set(sub.id, sub);
    Object.assign(session, { status: 'complete', subscription: sub.id });
    this.emit('checkout.session.completed', session);
    this.emit('customer.subscription.created', sub);
    this.emit('invoice.paid', this.invoice(sub, 'paid'));
    return sub;
  }

  /** The renewal charge fails: an open invoice, the subscription past due. */
  failPayment(subscriptionId: string): void {
    const sub = this.subscriptions.get(subscriptionId)!;
    this.emit('invoice.payment_failed', this.invoice(sub, 'open'));
    sub.status = 'past_due';
    this.emit('customer.subscription.updated', sub);
  }

  /** The customer pays the open invoice (a new card in the Portal): paid, the subscription active again. */
  payAgain(subscriptionId: string): void {
    const sub = this.subscriptions.get(subscriptionId)!;
    const open = this.invoices.find((i) => i.parent.subscription_details.subscription === sub.id && i.status === 'open');
    if (open) Object.assign(open, { status: 'paid', amount_paid: open.total });
    this.emit('invoice.paid', open ?? this.invoice(sub, 'paid'));
    sub.status = 'active';
    this.emit('customer.subscription.updated', sub);
  }

  /** The customer cancels in the Portal: at the end of the period. */
  cancelAtPeriodEnd(subscriptionId: string): void {
    const sub = this.subscriptions.get(subscriptionId)!;
    sub.cancel_at_period_end = true;
    this.emit('customer.subscription.updated', sub);
  }

  /** The period ends for a subscription cancelled at its end: Stripe deletes it. */
  endPeriod(subscriptionId: string): void {
    const sub = this.subscriptions.get(subscriptionId)!;
    Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
    this.emit('customer.subscription.deleted', sub);
  }

  // ---- the API ----

  private get currency() {
    return this.options.currency ?? 'eur';
  }

  private invoice(sub: Obj, status: 'paid' | 'open'): Obj {
    const item = sub.items.data[0];
    const total = (item.price.unit_amount ?? 0) * item.quantity;
    const invoice = {
      id: this.id('in'),
      object: 'invoice',
      customer: sub.customer,
      number: `FAKE-${String(this.invoices.length + 1).padStart(4, '0')}`,
      created: now(),
      total,
      amount_due: total,
      amount_paid: status === 'paid' ? total : 0,
      currency: this.currency,
      status,
      hosted_invoice_url: `${this.url}/invoices/${this.seq}`,
      invoice_pdf: `${this.url}/invoices/${this.seq}.pdf`,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { subscription: sub.id, metadata: sub.metadata } },
    };
    this.invoices.unshift(invoice);
    sub.latest_invoice = invoice.id;
    return invoice;
  }

  /** An event as Stripe sends it to the endpoint: the JSON body and its Stripe-Signature header. */
  private emit(type: string, object: Obj): FakeEvent {
    const created = now();
    const payload = JSON.stringify({
      id: this.id('evt'),
      object: 'event',
      api_version: '2026-11-18.endive',
      created,
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(object) },
    });
    const event = { id: JSON.parse(payload).id as string, type, payload, signature: this.sign(payload, created) };
    this.events.push(event);
    return event;
  }

  sign(payload: string, timestamp = now()): string {
    const v1 = crypto.createHmac('sha256', this.options.webhookSecret).update(`${timestamp}.${payload}`).digest('hex');
    return `t=${timestamp},v1=${v1}`;
  }

  /** Events not yet handed out, oldest first (each is handed out once). */
  private delivered = 0;
  takeEvents(): FakeEvent[] {
    const fresh = this.events.slice(this.delivered);
    this.delivered = this.events.length;
    return fresh;
  }

  /** Sends the events not yet handed out to a webhook URL, as Stripe would (a browser test's server). */
  async deliverTo(url: string): Promise<number[]> {
    const statuses: number[] = [];
    for (const e of this.takeEvents()) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.signature },
        body: e.payload,
      });
      statuses.push(res.status);
    }
    return statuses;
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const raw = Buffer.concat(chunks).toString('utf8');
    const body = req.method === 'GET' || req.method === 'DELETE' ? Object.fromEntries(url.searchParams) : parseForm(raw);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname, body });
    const send = (status: number, json: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${this.seq}` });
      res.end(JSON.stringify(json));
    };
    const page = (html: string) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><title>Fake Stripe</title></head><body><main>${html}</main></body></html>`);
    };
    const pageMatch = /^\/(checkout|portal)\/([\w]+)(\/pay)?$/.exec(url.pathname);
    if (pageMatch) return this.servePage(pageMatch[1]!, pageMatch[2]!, !!pageMatch[3], res, page);
    if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }
    const answer = this.route(req.method ?? 'GET', url.pathname, body);
    if (!answer) return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
    send(answer[0], answer[1]);
  }

  private route(method: string, path: string, body: Obj): [number, unknown] | null {
    if (method === 'POST' && path === '/v1/customers') {
      const customer = {
        id: this.id('cus'),
        object: 'customer',
        name: body.name ?? null,
        email: body.email ?? null,
        metadata: body.metadata ?? {},
        created: now(),
      };
      this.customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      if (!this.customers.has(body.customer)) return [400, { error: { type: 'invalid_request_error', message: `No such customer: '${body.customer}'` } }];
      for (const line of list(body.line_items))
        if (!(line.price in this.options.prices)) return [400, { error: { type: 'invalid_request_error', message: `No such price: '${line.price}'` } }];
      const id = this.id('cs');
      const session = { ...body, id, object: 'checkout.session', status: 'open', subscription: null, url: `${this.url}/checkout/${id}`, created: now() };
      this.sessions.set(id, session);
      return [200, session];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!this.customers.has(body.customer)) return [400, { error: { type: 'invalid_request_error', message: `No such customer: '${body.customer}'` } }];
      const id = this.id('bps');
      return [
        200,
        {
          id,
          object: 'billing_portal.session',
          customer: body.customer,
          return_url: body.return_url,
          url: `${this.url}/portal/${id}?return=${encodeURIComponent(body.return_url)}`,
          created: now(),
        },
      ];
    }
    if (method === 'GET' && path === '/v1/invoices') {
      const data = this.invoices.filter((i) => i.customer === body.customer).slice(0, Number(body.limit ?? 10));
      return [200, { object: 'list', data, has_more: false, url: '/v1/invoices' }];
    }
    const item = /^\/v1\/subscription_items\/([\w]+)$/.exec(path);
    if (method === 'POST' && item) {
      const sub = [...this.subscriptions.values()].find((s) => s.items.data[0].id === item[1]);
      if (!sub) return [404, { error: { type: 'invalid_request_error', message: `No such subscription item: '${item[1]}'` } }];
      sub.items.data[0].quantity = Number(body.quantity);
      this.emit('customer.subscription.updated', sub);
      return [200, sub.items.data[0]];
    }
    const subscription = /^\/v1\/subscriptions\/([\w]+)$/.exec(path);
    if (subscription && (method === 'DELETE' || method === 'GET')) {
      const sub = this.subscriptions.get(subscription[1]!);
      if (!sub) return [404, { error: { type: 'invalid_request_error', message: `No such subscription: '${subscription[1]}'` } }];
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: now() });
        this.emit('customer.subscription.deleted', sub);
      }
      return [200, sub];
    }
    return null;
  }

  /** The pages Stripe hosts, in their simplest form: Checkout (pay, or go back) and the Portal (go back). */
  private async servePage(kind: string, id: string, pay: boolean, res: http.ServerResponse, page: (html: string) => void): Promise<void> {
    if (kind === 'checkout') {
      const session = this.sessions.get(id);
      if (!session) return page('<h1>Unknown session</h1>');
      if (pay) {
        if (session.status === 'open') this.completeCheckout(id);
        if (this.webhookUrl) await this.deliverTo(this.webhookUrl);
        res.writeHead(303, { location: session.success_url });
        res.end();
        return;
      }
      const line = list(session.line_items)[0]!;
      return page(`<h1>Fake Checkout</h1><p>Price ${line.price}, quantity ${line.quantity}</p>
        <form method="post" action="/checkout/${id}/pay"><button type="submit">Subscribe</button></form><a href="${session.cancel_url}">Back</a>`);
    }
    return page(
      `<h1>Fake Customer Portal</h1><a href="${new URL(`http://x/?${res.req.url?.split('?')[1] ?? ''}`).searchParams.get('return') ?? '/'}">Return to Teamlens</a>`,
    );
  }
}
