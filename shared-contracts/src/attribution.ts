/**
 * Where a visit came from (issue 29): the campaign parameters on the address of the bio page
 * (`utm_source`, `utm_medium`, `utm_campaign`), else the host of the page that referred the visitor. The
 * bio page carries a visit's attribution on in the links it renders (to /go/{id}, the booking, tip and
 * product pages) as the same three parameters — never in a cookie — so a click, a paid booking, a sale or a
 * tip is attributed to the visit that led to it.
 */
export interface Attribution {
  /** `utm_source`, else the referring host; null for a direct visit. */
  source: string | null;
  medium: string | null;
  campaign: string | null;
}

export const ATTRIBUTION_PARAMS = { source: 'utm_source', medium: 'utm_medium', campaign: 'utm_campaign' } as const;

/** The longest value kept of each (longer ones are cut). */
export const ATTRIBUTION_MAX_LENGTH = { source: 255, medium: 100, campaign: 100 } as const;

export const NO_ATTRIBUTION: Attribution = Object.freeze({ source: null, medium: null, campaign: null });

// C0 and C1 controls, and the characters that change a text's direction: nothing a report should show.
// eslint-disable-next-line no-control-regex -- removing controls is the point
const UNSHOWN = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** One value as kept: controls removed, spaces trimmed, cut to `max` characters (not halving a pair); '' → null. */
export function attributionValue(raw: string | null | undefined, max: number): string | null {
  if (typeof raw !== 'string') return null;
  const cleaned = [...raw.replace(UNSHOWN, '').trim()].slice(0, max).join('').trim();
  return cleaned === '' ? null : cleaned;
}

/**
 * The attribution of a visit from its address's query (the part after '?', or its parameters) and the host
 * that referred it (null when none, or when it is the product's own). Each parameter counts at its first
 * appearance; a `utm_source` given takes the place of the referrer.
 */
export function attributionOf(query: string | URLSearchParams, referrerHost: string | null): Attribution {
  const params = typeof query === 'string' ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query) : query;
  return {
    source:
      attributionValue(params.get(ATTRIBUTION_PARAMS.source), ATTRIBUTION_MAX_LENGTH.source) ??
      attributionValue(referrerHost, ATTRIBUTION_MAX_LENGTH.source),
    medium: attributionValue(params.get(ATTRIBUTION_PARAMS.medium), ATTRIBUTION_MAX_LENGTH.medium),
    campaign: attributionValue(params.get(ATTRIBUTION_PARAMS.campaign), ATTRIBUTION_MAX_LENGTH.campaign),
  };
}

export function hasAttribution(attribution: Attribution): boolean {
  return attribution.source !== null || attribution.medium !== null || attribution.campaign !== null;
}

/**
 * The query string carrying an attribution on to the next page, '' for none, else `utm_source=…&…` (without
 * '?'), values percent-encoded: the referrer's host travels as `utm_source`.
 */
export function attributionQuery(attribution: Attribution): string {
  const params = new URLSearchParams();
  if (attribution.source !== null) params.set(ATTRIBUTION_PARAMS.source, attribution.source);
  if (attribution.medium !== null) params.set(ATTRIBUTION_PARAMS.medium, attribution.medium);
  if (attribution.campaign !== null) params.set(ATTRIBUTION_PARAMS.campaign, attribution.campaign);
  return params.toString();
}

/** A request body's `attribution` (a booking's, an order's): an object of three optional strings, cleaned; anything else none. */
export function attributionFromBody(value: unknown): Attribution {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return NO_ATTRIBUTION;
  const body = value as Record<string, unknown>;
  const text = (field: keyof Attribution) =>
    typeof body[field] === 'string' ? attributionValue(body[field] as string, ATTRIBUTION_MAX_LENGTH[field]) : null;
  return { source: text('source'), medium: text('medium'), campaign: text('campaign') };
}

/**
 * What a booking, product order or tip keeps of the visit that led to it, set once when it is made: the
 * attribution its checkout sent and the buyer's country (ISO 3166-1 alpha-2, or 'unknown' when the address
 * names none; null for those made before it was kept). The address itself is never kept.
 */
export interface SaleAttribution extends Attribution {
  country: string | null;
}
