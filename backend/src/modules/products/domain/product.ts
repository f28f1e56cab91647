import { ProductMessages } from '@linkbio/shared-contracts';
import { invalid, notFound } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';

/** The file a product delivers, kept under `files/<creator>/<uuid>`, its type and size checked from its bytes. */
export interface ProductFile {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/** A digital product a creator sells from the page (issue 27). */
export interface Product {
  id: Id;
  creatorId: Id;
  title: string;
  /** Plain text; line breaks kept, escaped wherever shown. */
  description: string;
  /** A fixed price in cents, or null for pay-what-you-want. */
  priceCents: number | null;
  /** Pay-what-you-want's minimum in cents, or null for a fixed price. */
  minPriceCents: number | null;
  coverKey: string | null;
  file: ProductFile | null;
  /** An https address revealed only after payment; never in a public view. */
  privateUrl: string | null;
  visible: boolean;
  position: number;
  createdAt: Date;
  updatedAt: Date;
}

export const productNotFound = () => notFound(ProductMessages.notFound);

export interface PriceInput {
  priceCents?: number | null;
  minPriceCents?: number | null;
}

const given = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/**
 * The price a product gets: exactly one of a fixed price and a pay-what-you-want minimum. On a change, naming
 * one switches to it; naming neither keeps the current pricing.
 */
export function pricing(input: PriceInput, current?: Pick<Product, 'priceCents' | 'minPriceCents'>): Pick<Product, 'priceCents' | 'minPriceCents'> {
  if (given(input.priceCents) && given(input.minPriceCents)) throw invalid(ProductMessages.onePrice);
  if (given(input.priceCents)) return { priceCents: input.priceCents, minPriceCents: null };
  if (given(input.minPriceCents)) return { priceCents: null, minPriceCents: input.minPriceCents };
  if (current) return { priceCents: current.priceCents, minPriceCents: current.minPriceCents };
  throw invalid(ProductMessages.priceRequired);
}

/** A product can be sold when it is visible and delivers something. */
export const canBeSold = (product: Pick<Product, 'visible' | 'file' | 'privateUrl'>): boolean =>
  product.visible && (product.file !== null || product.privateUrl !== null);
