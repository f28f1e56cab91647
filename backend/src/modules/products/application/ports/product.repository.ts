import type { Id } from '../../../../shared/ids.js';
import type { Product } from '../../domain/product.js';

/** The creators' products (the products table). */
export abstract class ProductRepository {
  /** The creator's products in their order (position, then newest first). */
  abstract listOwned(creatorId: Id): Promise<Product[]>;
  abstract findOwned(creatorId: Id, id: Id): Promise<Product | null>;
  /** Any creator's product (a download link names it). */
  abstract findById(id: Id): Promise<Product | null>;
  /** Adds the product at the end of the creator's list unless they already have `limit`: false then. */
  abstract insert(product: Product, limit: number): Promise<boolean>;
  /** Writes the product's fields; false when it is no longer there. */
  abstract save(product: Product): Promise<boolean>;
  /** Deletes the creator's product and answers it as it was; null when there was none. */
  abstract remove(creatorId: Id, id: Id): Promise<Product | null>;
  /** `ids` is the whole new order of the creator's products; false (nothing changed) when it is not. */
  abstract reorder(creatorId: Id, ids: Id[], now: Date): Promise<boolean>;
}
