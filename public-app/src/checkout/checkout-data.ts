import type { Attribution } from '@linkbio/shared-contracts';
import { attributionOrNull } from '../lib/attribution';

/**
 * The islands' mount point: `<div id="checkout-root" data-checkout="{JSON}">`, rendered by the server on the
 * product page (/{username}/products/{productId}) and on the tip page (/tip/{username}).
 */
export const CHECKOUT_ROOT_ID = 'checkout-root';

export interface ProductCheckoutData {
  kind: 'product';
  username: string;
  productId: string;
  title: string;
  /** A fixed price in cents; null: pay what you want, from minPriceCents. */
  priceCents: number | null;
  minPriceCents: number | null;
  /** The creator's e-mail list is on: offer "Join my e-mail list". */
  offersList: boolean;
  /** The visit's attribution the page's address carried (issue 29), sent with the order; null: none. */
  attribution: Attribution | null;
}

export interface TipCheckoutData {
  kind: 'tip';
  username: string;
  displayName: string;
  /** Three preset amounts, in cents. */
  presets: number[];
  /** The amount picked on the bio page (`?amount=`), in cents, or null. */
  amountCents: number | null;
  /** The creator's words above the form. */
  message: string | null;
  /** The creator's e-mail list is on: offer "Join my e-mail list". */
  offersList: boolean;
  /** The visit's attribution the page's address carried (issue 29), sent with the tip; null: none. */
  attribution: Attribution | null;
}

const isCents = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
const centsOrNull = (value: unknown): number | null => (isCents(value) ? value : null);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The root's data-checkout, read defensively: null when it is not a checkout of this kind. */
export function readCheckoutData(root: HTMLElement, kind: 'product'): ProductCheckoutData | null;
export function readCheckoutData(root: HTMLElement, kind: 'tip'): TipCheckoutData | null;
export function readCheckoutData(
  root: HTMLElement,
  kind: 'product' | 'tip',
): ProductCheckoutData | TipCheckoutData | null {
  let data: Record<string, unknown>;
  try {
    data = JSON.parse(root.dataset.checkout ?? '') as Record<string, unknown>;
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null || data.kind !== kind || !text(data.username)) return null;
  if (kind === 'product')
    return text(data.productId)
      ? {
          kind,
          username: text(data.username),
          productId: text(data.productId),
          title: text(data.title),
          priceCents: centsOrNull(data.priceCents),
          minPriceCents: centsOrNull(data.minPriceCents),
          offersList: data.offersList === true,
          attribution: attributionOrNull(data.attribution),
        }
      : null;
  return {
    kind,
    username: text(data.username),
    displayName: text(data.displayName),
    presets: Array.isArray(data.presets) ? data.presets.filter(isCents) : [],
    amountCents: centsOrNull(data.amountCents),
    message: typeof data.message === 'string' ? data.message : null,
    offersList: data.offersList === true,
    attribution: attributionOrNull(data.attribution),
  };
}
