import { PayoutGateway, type PayoutDispatch, type PayoutOrder } from '../application/ports/payout-gateway.js';

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, or a local stub in tests. */
  apiUrl: string;
  /** Milliseconds before a call to PayPal is given up (and the job retried). */
  timeoutMs?: number;
  now?: () => number;
}

interface PayPalResponse {
  status: number;
  body: unknown;
  text: string;
}

interface BatchHeader {
  payout_batch_id?: unknown;
  batch_status?: unknown;
}

/** A token is renewed this long before PayPal says it expires. */
const TOKEN_MARGIN_MS = 60_000;
const PAID = new Set(['SUCCESS']);
const FAILED = new Set(['DENIED', 'FAILED', 'CANCELED', 'CANCELLED']);
/** Answers worth another try later: throttling, timeouts, and credentials or permissions an operator can fix. */
const RETRYABLE_4XX = new Set([401, 403, 408, 409, 423, 425, 429]);
const DUPLICATE =
  /SENDER_BATCH_ID_ALREADY_USED|DUPLICATE_SENDER_BATCH_ID|sender[_ ]batch[_ ]id[^"]{0,80}(already|duplicate)|(already|duplicate)[^"]{0,80}sender[_ ]batch[_ ]id/i;

/** 1234 cents → "12.34", in integers only. */
export function centsToDecimal(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0)
    throw new RangeError('An amount is a non-negative whole number of cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

const describe = (response: PayPalResponse): string => {
  const body = (response.body ?? {}) as {
    name?: unknown;
    message?: unknown;
    error?: unknown;
    error_description?: unknown;
    details?: unknown;
  };
  const details = Array.isArray(body.details)
    ? body.details
        .map((d: { issue?: unknown; description?: unknown; field?: unknown }) =>
          [d.field, d.issue, d.description].filter(Boolean).join(' '),
        )
        .join('; ')
    : '';
  const parts = [body.name ?? body.error, body.message ?? body.error_description, details].filter(
    (p) => typeof p === 'string' && p.length > 0,
  );
  return `${response.status}${parts.length ? ` ${parts.join(': ')}` : ''}`.slice(0, 400);
};

/**
 * PayPal Payouts (REST v1) with plain fetch: an OAuth2 client-credentials token (cached until shortly before
 * it expires, renewed once when PayPal answers 401), one batch per payout whose sender_batch_id is our payout
 * id, so PayPal pays it once however often it is sent. PayPal refusing a batch id it has seen means the
 * payout was accepted before: that is 'processing', never a new payment.
 */
export class PayPalPayoutGateway extends PayoutGateway {
  private token: { value: string; expiresAt: number } | null = null;
  private tokenRequest: Promise<string> | null = null;
  private readonly apiUrl: string;
  private readonly timeoutMs: number;
  private readonly now: () => number;

  constructor(private readonly config: PayPalConfig) {
    super();
    this.apiUrl = config.apiUrl.replace(/\/+$/, '');
    this.timeoutMs = config.timeoutMs ?? 30_000;
    this.now = config.now ?? Date.now;
  }

  async send(order: PayoutOrder): Promise<PayoutDispatch> {
    if (order.method !== 'paypal') throw new Error(`PayPal pays PayPal e-mails only, not ${order.method}`);
    const response = await this.call(
      'POST',
      '/v1/payments/payouts',
      {
        sender_batch_header: {
          sender_batch_id: order.payoutId,
          recipient_type: 'EMAIL',
          email_subject: 'You have a payout from Linkbio',
          email_message: `Your Linkbio earnings for ${order.week} are on their way. Thank you for creating with us!`,
        },
        items: [
          {
            recipient_type: 'EMAIL',
            amount: { value: centsToDecimal(order.amount), currency: order.currency.toUpperCase() },
            receiver: order.destination,
            note: `Linkbio earnings, week ${order.week}`,
            sender_item_id: order.payoutId,
          },
        ],
      },
      { 'PayPal-Request-Id': `linkbio-payout-${order.payoutId}` },
    );

    if (response.status === 200 || response.status === 201) return this.batchOutcome(response);
    if (response.status >= 400 && response.status < 500 && DUPLICATE.test(response.text)) {
      // Accepted before (a retry after a crash or a lost answer): PayPal links the original batch.
      return { status: 'processing', providerBatchId: batchIdFromLinks(response.text) };
    }
    if (response.status >= 400 && response.status < 500 && !RETRYABLE_4XX.has(response.status)) {
      return { status: 'failed', reason: `PayPal refused the payout (${describe(response)})` };
    }
    throw new Error(`PayPal payout request failed (${describe(response)})`);
  }

  async check(providerBatchId: string): Promise<PayoutDispatch> {
    const response = await this.call('GET', `/v1/payments/payouts/${encodeURIComponent(providerBatchId)}`);
    if (response.status !== 200) throw new Error(`PayPal payout lookup failed (${describe(response)})`);
    return this.batchOutcome(response, providerBatchId);
  }

  private batchOutcome(response: PayPalResponse, knownBatchId?: string): PayoutDispatch {
    const header = ((response.body ?? {}) as { batch_header?: BatchHeader }).batch_header ?? {};
    const batchId =
      typeof header.payout_batch_id === 'string' && header.payout_batch_id ? header.payout_batch_id : knownBatchId;
    const status = typeof header.batch_status === 'string' ? header.batch_status.toUpperCase() : '';
    if (!batchId) throw new Error(`PayPal answered ${response.status} without a payout_batch_id`);
    if (PAID.has(status)) return { status: 'paid', providerBatchId: batchId };
    if (FAILED.has(status)) return { status: 'failed', reason: `PayPal batch ${batchId} ended ${status}` };
    return { status: 'processing', providerBatchId: batchId };
  }

  /** A call with the bearer token; a 401 (token revoked or expired early) gets one new token and one retry. */
  private async call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<PayPalResponse> {
    const send = async () =>
      this.request(method, path, {
        headers: {
          Authorization: `Bearer ${await this.accessToken()}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const first = await send();
    if (first.status !== 401) return first;
    this.token = null;
    return send();
  }

  private accessToken(): Promise<string> {
    if (this.token && this.now() < this.token.expiresAt) return Promise.resolve(this.token.value);
    // Concurrent sends share one token request.
    this.tokenRequest ??= this.fetchToken().finally(() => (this.tokenRequest = null));
    return this.tokenRequest;
  }

  private async fetchToken(): Promise<string> {
    const basic = Buffer.from(`${this.config.clientId}:${this.config.clientSecret}`).toString('base64');
    const response = await this.request('POST', '/v1/oauth2/token', {
      headers: {
        Authorization: `Basic ${basic}`,
        Accept: 'application/json',
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const answer = (response.body ?? {}) as { access_token?: unknown; expires_in?: unknown };
    if (response.status !== 200 || typeof answer.access_token !== 'string' || !answer.access_token) {
      throw new Error(`PayPal token request failed (${describe(response)})`);
    }
    const lifetimeMs = (typeof answer.expires_in === 'number' && answer.expires_in > 0 ? answer.expires_in : 0) * 1000;
    const expiresAt = this.now() + Math.max(lifetimeMs - TOKEN_MARGIN_MS, lifetimeMs / 2);
    this.token = { value: answer.access_token, expiresAt };
    return answer.access_token;
  }

  private async request(
    method: string,
    path: string,
    init: { headers: Record<string, string>; body?: string },
  ): Promise<PayPalResponse> {
    let response: Response;
    try {
      response = await fetch(`${this.apiUrl}${path}`, {
        method,
        headers: init.headers,
        body: init.body,
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new Error(
        `PayPal unreachable (${method} ${path}): ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
    const text = await response.text();
    return { status: response.status, body: parseJson(text), text };
  }
}

function parseJson(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

/**
 * The original batch's id from the HATEOAS link PayPal sends with a duplicate sender_batch_id error (at the
 * top level or inside the error's details): null when there is none.
 */
function batchIdFromLinks(text: string): string | null {
  return /\/v1\/payments\/payouts\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;
}
