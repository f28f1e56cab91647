import type { Id } from '../../../../shared/ids.js';

/** A product as checkout sees it: who sells it, its title, and how it is priced. */
export interface ProductForSale {
  id: Id;
  creatorId: Id;
  title: string;
  /** A fixed price in cents; null for pay-what-you-want. */
  priceCents: number | null;
  /** Pay-what-you-want: the least the buyer may pay, in cents; null for a fixed price. */
  minPriceCents: number | null;
}

/** What a paid order delivers: a stored file (served through a short-lived signed link) or a private URL. */
export type ProductDelivery =
  | { kind: 'file'; fileName: string; contentType: string; size: number }
  | { kind: 'url'; url: string };

/**
 * The products module's port for the modules that sell and discount products (billing's orders, coupons).
 * They never read the products table or import the products module's use cases.
 */
export abstract class ProductCatalog {
  /** This creator's product when it can be bought now (visible, with something to deliver); else null. */
  abstract forSale(creatorId: Id, productId: Id): Promise<ProductForSale | null>;
  /** Whether this creator has this product, visible or not (a coupon may name it). */
  abstract belongsTo(creatorId: Id, productId: Id): Promise<boolean>;
  /** What an order of this product delivers, even once the product is hidden; null once it is deleted. */
  abstract delivery(productId: Id): Promise<ProductDelivery | null>;
  /**
   * A short-lived link that downloads the product's file with its name (`Content-Disposition: attachment`),
   * or null when the product has no file (deleted, or a URL product).
   */
  abstract downloadLink(productId: Id): Promise<string | null>;
}
