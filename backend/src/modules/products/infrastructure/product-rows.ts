import type { Product } from '../domain/product.js';

/** A row of the products table as PostgreSQL answers it. */
export interface ProductRow {
  id: string;
  creator_id: string;
  title: string;
  description: string;
  price_cents: number | null;
  min_price_cents: number | null;
  cover_key: string | null;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: string | number | null;
  private_url: string | null;
  visible: boolean;
  position: number;
  created_at: Date | string;
  updated_at: Date | string;
}

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    creatorId: row.creator_id,
    title: row.title,
    description: row.description,
    priceCents: row.price_cents,
    minPriceCents: row.min_price_cents,
    coverKey: row.cover_key,
    file:
      row.file_key && row.file_name && row.file_type && row.file_size !== null
        ? { key: row.file_key, name: row.file_name, contentType: row.file_type, size: Number(row.file_size) }
        : null,
    privateUrl: row.private_url,
    visible: row.visible,
    position: row.position,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** The columns a product writes, in the order of COLUMNS. */
export const COLUMNS =
  'title, description, price_cents, min_price_cents, cover_key, file_key, file_name, file_type, file_size, private_url, visible, updated_at';

export const values = (p: Product): unknown[] => [
  p.title,
  p.description,
  p.priceCents,
  p.minPriceCents,
  p.coverKey,
  p.file?.key ?? null,
  p.file?.name ?? null,
  p.file?.contentType ?? null,
  p.file?.size ?? null,
  p.privateUrl,
  p.visible,
  p.updatedAt,
];
