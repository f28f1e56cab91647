import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { ProductRepository } from '../application/ports/product.repository.js';
import type { Product } from '../domain/product.js';
import { COLUMNS, type ProductRow, toProduct, values } from './product-rows.js';

const ORDER = 'order by position, created_at desc, id';

/** PostgreSQL, in plain SQL; the creator's row is locked while their count or order is checked. */
@Injectable()
export class PostgresProductRepository extends ProductRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  async listOwned(creatorId: Id): Promise<Product[]> {
    const rows = await this.em.execute<ProductRow[]>(`select * from products where creator_id = ? ${ORDER}`, [creatorId]);
    return rows.map(toProduct);
  }

  async findOwned(creatorId: Id, id: Id): Promise<Product | null> {
    const [row] = await this.em.execute<ProductRow[]>('select * from products where id = ? and creator_id = ?', [id, creatorId]);
    return row ? toProduct(row) : null;
  }

  async findById(id: Id): Promise<Product | null> {
    const [row] = await this.em.execute<ProductRow[]>('select * from products where id = ?', [id]);
    return row ? toProduct(row) : null;
  }

  async insert(product: Product, limit: number): Promise<boolean> {
    return this.em.transactional(async (em) => {
      await em.execute('select 1 from users where id = ? for update', [product.creatorId]);
      const [{ count, next }] = await em.execute<{ count: string; next: number }[]>(
        'select count(*) as count, coalesce(max(position) + 1, 0)::int as next from products where creator_id = ?',
        [product.creatorId],
      );
      if (Number(count) >= limit) return false;
      product.position = next;
      await em.execute(
        `insert into products (id, creator_id, position, created_at, ${COLUMNS}) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [product.id, product.creatorId, product.position, product.createdAt, ...values(product)] as never[],
      );
      return true;
    });
  }

  async save(product: Product): Promise<boolean> {
    const assignments = COLUMNS.split(', ').map((column) => `${column} = ?`).join(', ');
    const rows = await this.em.execute<{ id: string }[]>(
      `update products set ${assignments} where id = ? and creator_id = ? returning id`,
      [...values(product), product.id, product.creatorId] as never[],
    );
    return rows.length > 0;
  }

  async remove(creatorId: Id, id: Id): Promise<Product | null> {
    const [row] = await this.em.execute<ProductRow[]>('delete from products where id = ? and creator_id = ? returning *', [id, creatorId]);
    return row ? toProduct(row) : null;
  }

  async reorder(creatorId: Id, ids: Id[], now: Date): Promise<boolean> {
    return this.em.transactional(async (em) => {
      await em.execute('select 1 from users where id = ? for update', [creatorId]);
      const rows = await em.execute<{ id: string }[]>('select id from products where creator_id = ?', [creatorId]);
      const owned = new Set(rows.map((row) => row.id));
      if (ids.length !== owned.size || new Set(ids).size !== ids.length || !ids.every((id) => owned.has(id))) return false;
      for (const [position, id] of ids.entries()) {
        await em.execute('update products set position = ?, updated_at = ? where id = ? and creator_id = ?', [position, now, id, creatorId]);
      }
      return true;
    });
  }
}
