import type { Id } from '../../../shared/ids.js';
import { ProductRepository } from '../application/ports/product.repository.js';
import type { Product } from '../domain/product.js';

const copy = (product: Product): Product => ({ ...product, file: product.file && { ...product.file } });

/** ProductRepository over a Map, in the Postgres adapter's order; for unit tests. */
export class InMemoryProductRepository extends ProductRepository {
  readonly products = new Map<Id, Product>();

  async listOwned(creatorId: Id): Promise<Product[]> {
    return [...this.products.values()]
      .filter((product) => product.creatorId === creatorId)
      .sort((a, b) => a.position - b.position || b.createdAt.getTime() - a.createdAt.getTime())
      .map(copy);
  }

  async findOwned(creatorId: Id, id: Id): Promise<Product | null> {
    const product = this.products.get(id);
    return product && product.creatorId === creatorId ? copy(product) : null;
  }

  async findById(id: Id): Promise<Product | null> {
    const product = this.products.get(id);
    return product ? copy(product) : null;
  }

  async insert(product: Product, limit: number): Promise<boolean> {
    const owned = await this.listOwned(product.creatorId);
    if (owned.length >= limit) return false;
    product.position = owned.reduce((next, p) => Math.max(next, p.position + 1), 0);
    this.products.set(product.id, copy(product));
    return true;
  }

  async save(product: Product): Promise<boolean> {
    const stored = this.products.get(product.id);
    if (!stored || stored.creatorId !== product.creatorId) return false;
    this.products.set(product.id, { ...copy(product), position: stored.position, createdAt: stored.createdAt });
    return true;
  }

  async remove(creatorId: Id, id: Id): Promise<Product | null> {
    const stored = await this.findOwned(creatorId, id);
    if (stored) this.products.delete(id);
    return stored;
  }

  async reorder(creatorId: Id, ids: Id[]): Promise<boolean> {
    const owned = await this.listOwned(creatorId);
    if (ids.length !== owned.length || new Set(ids).size !== ids.length || !owned.every((p) => ids.includes(p.id))) return false;
    ids.forEach((id, position) => (this.products.get(id)!.position = position));
    return true;
  }
}
