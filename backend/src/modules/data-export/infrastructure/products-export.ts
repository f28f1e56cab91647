import type { AccountExport } from '@linkbio/shared-contracts';

/** The creator's products (issue 27), in their order. */
export const PRODUCTS_SQL = `
  select id, title, description, price_cents, min_price_cents, file_name, file_type, file_size, private_url, visible,
         position, created_at, updated_at
    from products where creator_id = $1
   order by position, created_at desc, id`;

export interface ProductRow {
  id: string;
  title: string;
  description: string;
  price_cents: number | null;
  min_price_cents: number | null;
  file_name: string | null;
  file_type: string | null;
  file_size: string | null;
  private_url: string | null;
  visible: boolean;
  position: number;
  created_at: Date;
  updated_at: Date;
}

export const toProductsExport = (rows: ProductRow[]): AccountExport['products'] =>
  rows.map((p) => ({
    id: p.id,
    title: p.title,
    description: p.description,
    priceCents: p.price_cents,
    minPriceCents: p.min_price_cents,
    file: p.file_name && p.file_type && p.file_size !== null ? { name: p.file_name, contentType: p.file_type, size: Number(p.file_size) } : null,
    privateUrl: p.private_url,
    visible: p.visible,
    order: p.position,
    createdAt: p.created_at.toISOString(),
    updatedAt: p.updated_at.toISOString(),
  }));
