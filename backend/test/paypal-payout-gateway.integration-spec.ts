import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PayoutOrder } from '../src/modules/payouts/application/ports/payout-gateway.js';
import { PayPalPayoutGateway } from '../src/modules/payouts/infrastructure/paypal-payout.gateway.js';

/*
 * PayPalPayoutGateway against a local stub of PayPal's REST endpoints (OAuth2 token, create payout batch,
 * show payout batch), speaking PayPal's wire format: what the adapter sends is asserted as PayPal reads it.
 */

const CLIENT_ID = 'AbC-client-id';
const CLIENT_SECRET = 'EfG-client-secret';

interface Recorded {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

type Reply = { status: number; body?: unknown };

class PayPalStub {
  readonly requests: Recorded[] = [];
  /** Batches by sender_batch_id: PayPal refuses a sender_batch_id it has seen. */
  readonly batches = new Map<string, { id: string; status: string }>();
  tokensIssued = 0;
  tokenLifetimeSeconds = 32_400;
  /** Answers the next payout request instead of the normal flow. */
  nextPayoutReply: Reply | null = null;
  duplicateStyle: 'details-link' | 'top-level-link' | 'no-link' = 'details-link';
  private validToken = '';
  private server!: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        this.requests.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, body });
        const reply = this.route(req, body);
        res
          .writeHead(reply.status, { 'Content-Type': 'application/json' })
          .end(reply.body === undefined ? '' : JSON.stringify(reply.body));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Forgets the current token, as when PayPal revokes it. */
  revokeToken(): void {
    this.validToken = 'revoked';
  }

  calls(path: string) {
    return this.requests.filter((r) => r.path.startsWith(path));
  }

  private route(req: IncomingMessage, body: string): Reply {
    if (req.method === 'POST' && req.url === '/v1/oauth2/token') {
      const expected = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString('base64')}`;
      if (req.headers.authorization !== expected)
        return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
      if (body !== 'grant_type=client_credentials') return { status: 400, body: { error: 'unsupported_grant_type' } };
      this.tokensIssued += 1;
      this.validToken = `A21AA-token-${this.tokensIssued}`;
      return {
        status: 200,
        body: {
          scope: 'https://uri.paypal.com/payments/payouts',
          access_token: this.validToken,
          token_type: 'Bearer',
          app_id: 'APP-1',
          expires_in: this.tokenLifetimeSeconds,
          nonce: 'n',
        },
      };
    }
    if (req.headers.authorization !== `Bearer ${this.validToken}`) {
      return {
        status: 401,
        body: {
          name: 'AUTHENTICATION_FAILURE',
          message: 'Authentication failed due to invalid authentication credentials or a missing Authorization header.',
        },
      };
    }
    if (req.method === 'POST' && req.url === '/v1/payments/payouts') {
      if (this.nextPayoutReply) {
        const reply = this.nextPayoutReply;
        this.nextPayoutReply = null;
        return reply;
      }
      const request = JSON.parse(body) as { sender_batch_header: { sender_batch_id: string } };
      const senderBatchId = request.sender_batch_header.sender_batch_id;
      const seen = this.batches.get(senderBatchId);
      if (seen) return this.duplicate(seen.id);
      const batch = { id: `5UXD2E8A7EBQ${this.batches.size}`, status: 'PENDING' };
      this.batches.set(senderBatchId, batch);
      return {
        status: 201,
        body: {
          batch_header: {
            sender_batch_header: request.sender_batch_header,
            payout_batch_id: batch.id,
            batch_status: batch.status,
          },
          links: [
            {
              href: `${this.url}/v1/payments/payouts/${batch.id}`,
              rel: 'self',
              method: 'GET',
              encType: 'application/json',
            },
          ],
        },
      };
    }
    const show = /^\/v1\/payments\/payouts\/([A-Za-z0-9]+)$/.exec(req.url ?? '');
    if (req.method === 'GET' && show) {
      const batch = [...this.batches.values()].find((b) => b.id === show[1]);
      if (!batch)
        return { status: 404, body: { name: 'INVALID_RESOURCE_ID', message: 'Requested resource ID was not found.' } };
      return {
        status: 200,
        body: {
          batch_header: {
            payout_batch_id: batch.id,
            batch_status: batch.status,
            amount: { currency: 'USD', value: '12.34' },
          },
          items: [],
        },
      };
    }
    return { status: 404, body: { name: 'NOT_FOUND' } };
  }

  private duplicate(batchId: string): Reply {
    const link = {
      href: `${this.url}/v1/payments/payouts/${batchId}`,
      rel: 'self',
      method: 'GET',
      encType: 'application/json',
    };
    const base = {
      name: 'USER_BUSINESS_ERROR',
      message: 'User business error.',
      debug_id: 'f0e1d2c3',
      information_link: 'https://developer.paypal.com/docs/api/payments.payouts-batch/#errors',
    };
    switch (this.duplicateStyle) {
      case 'details-link':
        return {
          status: 400,
          body: {
            ...base,
            details: [
              {
                field: 'SENDER_BATCH_ID',
                location: 'body',
                issue: 'Batch with given sender_batch_id already exists',
                link: [link],
              },
            ],
            links: [],
          },
        };
      case 'top-level-link':
        return {
          status: 422,
          body: {
            ...base,
            details: [{ issue: 'SENDER_BATCH_ID_ALREADY_USED', description: 'sender_batch_id already used' }],
            links: [link],
          },
        };
      case 'no-link':
        return { status: 400, body: { ...base, details: [{ issue: 'SENDER_BATCH_ID_ALREADY_USED' }] } };
    }
  }
}

const order = (overrides: Partial<PayoutOrder> = {}): PayoutOrder => ({
  payoutId: '3f1c9a52-7d4e-4b8a-9c61-0a2b3c4d5e6f',
  week: '2026-W47',
  amount: 1234,
  currency: 'usd',
  method: 'paypal',
  destination: 'creator@example.com',
  ...overrides,
});

let uuidCounter = 0;
const anotherId = () => `3f1c9a52-7d4e-4b8a-9c61-${String(++uuidCounter).padStart(12, '0')}`;

describe('PayPalPayoutGateway against a PayPal stub', () => {
  let stub: PayPalStub;
  let now: number;
  let gateway: PayPalPayoutGateway;

  beforeEach(async () => {
    stub = new PayPalStub();
    await stub.start();
    now = Date.parse('2026-11-23T00:01:00Z');
    gateway = new PayPalPayoutGateway({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      apiUrl: `${stub.url}/`,
      now: () => now,
      timeoutMs: 5000,
    });
  });

  afterEach(() => stub.stop());

  it('gets a token with HTTP Basic client credentials, then creates one batch per payout with the bearer token', async () => {
    const outcome = await gateway.send(order());

    expect(outcome).toEqual({ status: 'processing', providerBatchId: '5UXD2E8A7EBQ0' });
    const [token, payout] = stub.requests;
    expect(token).toMatchObject({ method: 'POST', path: '/v1/oauth2/token', body: 'grant_type=client_credentials' });
    expect(token!.headers.authorization).toBe(
      `Basic ${Buffer.from('AbC-client-id:EfG-client-secret').toString('base64')}`,
    );
    expect(token!.headers['content-type']).toBe('application/x-www-form-urlencoded');

    expect(payout).toMatchObject({ method: 'POST', path: '/v1/payments/payouts' });
    expect(payout!.headers.authorization).toBe('Bearer A21AA-token-1');
    expect(payout!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(payout!.body)).toEqual({
      sender_batch_header: {
        sender_batch_id: '3f1c9a52-7d4e-4b8a-9c61-0a2b3c4d5e6f',
        recipient_type: 'EMAIL',
        email_subject: 'You have a payout from Linkbio',
        email_message: expect.stringContaining('2026-W47'),
      },
      items: [
        {
          recipient_type: 'EMAIL',
          amount: { value: '12.34', currency: 'USD' },
          receiver: 'creator@example.com',
          note: 'Linkbio earnings, week 2026-W47',
          sender_item_id: '3f1c9a52-7d4e-4b8a-9c61-0a2b3c4d5e6f',
        },
      ],
    });
  });

  it.each([
    [1, '0.01'],
    [100, '1.00'],
    [1005, '10.05'],
    [1_000_000, '10000.00'],
  ])('sends %i cents as "%s"', async (cents, value) => {
    await gateway.send(order({ amount: cents, payoutId: anotherId() }));
    const body = JSON.parse(stub.calls('/v1/payments/payouts').at(-1)!.body) as {
      items: Array<{ amount: { value: string } }>;
    };
    expect(body.items[0]!.amount.value).toBe(value);
  });

  it('reuses the token until shortly before it expires, and renews it once PayPal refuses it', async () => {
    stub.tokenLifetimeSeconds = 3600;
    await gateway.send(order({ payoutId: anotherId() }));
    await gateway.send(order({ payoutId: anotherId() }));
    await gateway.check('5UXD2E8A7EBQ0');
    expect(stub.tokensIssued).toBe(1);

    now += 3600_000 - 30_000; // within the last minute of its life
    await gateway.check('5UXD2E8A7EBQ0');
    expect(stub.tokensIssued).toBe(2);

    stub.revokeToken();
    expect(await gateway.check('5UXD2E8A7EBQ0')).toEqual({ status: 'processing', providerBatchId: '5UXD2E8A7EBQ0' });
    expect(stub.tokensIssued).toBe(3);
  });

  it('asks for one token when payouts are sent at once', async () => {
    await Promise.all([1, 2, 3, 4].map(() => gateway.send(order({ payoutId: anotherId() }))));
    expect(stub.tokensIssued).toBe(1);
  });

  it.each(['details-link', 'top-level-link'] as const)(
    'treats a sender_batch_id PayPal has seen (%s) as the batch it accepted, not a new payment',
    async (style) => {
      stub.duplicateStyle = style;
      const first = await gateway.send(order());
      const again = await gateway.send(order());

      expect(again).toEqual(first);
      expect(stub.batches.size).toBe(1);
    },
  );

  it('treats a duplicate without a link as processing with the batch unknown', async () => {
    stub.duplicateStyle = 'no-link';
    await gateway.send(order());
    expect(await gateway.send(order())).toEqual({ status: 'processing', providerBatchId: null });
  });

  it('maps the batch status PayPal reports', async () => {
    await gateway.send(order());
    const batch = stub.batches.get(order().payoutId)!;
    const expectations = [
      ['PENDING', { status: 'processing', providerBatchId: batch.id }],
      ['PROCESSING', { status: 'processing', providerBatchId: batch.id }],
      ['SUCCESS', { status: 'paid', providerBatchId: batch.id }],
      ['DENIED', { status: 'failed', reason: `PayPal batch ${batch.id} ended DENIED` }],
      ['FAILED', { status: 'failed', reason: `PayPal batch ${batch.id} ended FAILED` }],
      ['CANCELED', { status: 'failed', reason: `PayPal batch ${batch.id} ended CANCELED` }],
    ] as const;
    for (const [status, expected] of expectations) {
      batch.status = status;
      expect(await gateway.check(batch.id)).toEqual(expected);
    }
    expect(
      stub
        .calls(`/v1/payments/payouts/${batch.id}`)
        .every((r) => r.method === 'GET' && r.headers.authorization === 'Bearer A21AA-token-1'),
    ).toBe(true);
  });

  it('reports a batch completed at once as paid', async () => {
    stub.nextPayoutReply = {
      status: 201,
      body: { batch_header: { payout_batch_id: 'FAST1', batch_status: 'SUCCESS' } },
    };
    expect(await gateway.send(order())).toEqual({ status: 'paid', providerBatchId: 'FAST1' });
  });

  it('throws on a 5xx, a 429 or an unknown batch, so the job is retried', async () => {
    stub.nextPayoutReply = { status: 503, body: { name: 'SERVICE_UNAVAILABLE', message: 'Service Unavailable.' } };
    await expect(gateway.send(order())).rejects.toThrow(
      'PayPal payout request failed (503 SERVICE_UNAVAILABLE: Service Unavailable.)',
    );
    stub.nextPayoutReply = { status: 500, body: { name: 'INTERNAL_SERVER_ERROR' } };
    await expect(gateway.send(order())).rejects.toThrow('PayPal payout request failed (500 INTERNAL_SERVER_ERROR)');
    stub.nextPayoutReply = { status: 429, body: { name: 'RATE_LIMIT_REACHED', message: 'Too many requests.' } };
    await expect(gateway.send(order())).rejects.toThrow('429 RATE_LIMIT_REACHED');
    await expect(gateway.check('NOSUCHBATCH')).rejects.toThrow(
      'PayPal payout lookup failed (404 INVALID_RESOURCE_ID: Requested resource ID was not found.)',
    );

    expect(await gateway.send(order())).toEqual({ status: 'processing', providerBatchId: expect.any(String) });
  });

  it('records a refusal PayPal will repeat (a 4xx that is not a duplicate) as failed, with its reason', async () => {
    stub.nextPayoutReply = {
      status: 422,
      body: {
        name: 'UNPROCESSABLE_ENTITY',
        message: 'The requested action could not be performed.',
        details: [
          { field: 'items[0].receiver', issue: 'RECEIVER_UNREGISTERED', description: 'Receiver is unregistered' },
        ],
      },
    };
    expect(await gateway.send(order())).toEqual({
      status: 'failed',
      reason:
        'PayPal refused the payout (422 UNPROCESSABLE_ENTITY: The requested action could not be performed.: items[0].receiver RECEIVER_UNREGISTERED Receiver is unregistered)',
    });
  });

  it('throws when the credentials are refused, without the secret in the message', async () => {
    const wrong = new PayPalPayoutGateway({ clientId: CLIENT_ID, clientSecret: 'wrong-secret', apiUrl: stub.url });
    const error = (await wrong.send(order()).then(
      () => null,
      (e: unknown) => e,
    )) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(error.message).toBe('PayPal token request failed (401 invalid_client: Client Authentication failed)');
    expect(error.message).not.toContain('wrong-secret');
  });

  it('throws when PayPal cannot be reached', async () => {
    await stub.stop();
    await expect(gateway.send(order())).rejects.toThrow(/^PayPal unreachable \(POST \/v1\/oauth2\/token\)/);
  });

  it('refuses to send a CashApp payout', async () => {
    await expect(gateway.send(order({ method: 'cashapp', destination: 'cash' }))).rejects.toThrow(
      'PayPal pays PayPal e-mails only, not cashapp',
    );
    expect(stub.requests).toEqual([]);
  });
});
