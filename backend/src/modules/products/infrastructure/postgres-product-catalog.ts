import { Inject, Injectable } from '@nestjs/common';
import type { Env } from '../../../config/env.js';
import { Clock } from '../../../shared/clock.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { DOWNLOADS_PATH, DownloadLinks } from '../application/download-links.js';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { ProductCatalog, type ProductDelivery, type ProductForSale } from '../application/ports/product-catalog.js';

interface CatalogRow {
  id: string;
  creator_id: string;
  title: string;
  price_cents: number | null;
  min_price_cents: number | null;
  file_key: string | null;
  file_name: string | null;
  file_type: string | null;
  file_size: string | number | null;
  private_url: string | null;
}

/** PostgreSQL, in plain SQL; the injected EntityManager joins the surrounding transaction. */
@Injectable()
export class PostgresProductCatalog extends ProductCatalog {
  constructor(
    private readonly em: EntityManager,
    private readonly links: DownloadLinks,
    private readonly clock: Clock,
    @Inject(ENV) private readonly env: Env,
  ) {
    super();
  }

  private async row(sql: string, params: unknown[]): Promise<CatalogRow | null> {
    const [row] = await this.em.execute<CatalogRow[]>(sql, params as never[]);
    return row ?? null;
  }

  async forSale(creatorId: Id, productId: Id): Promise<ProductForSale | null> {
    const row = await this.row(
      `select * from products where id = ? and creator_id = ? and visible
         and (file_key is not null or private_url is not null)`,
      [productId, creatorId],
    );
    return row
      ? { id: row.id, creatorId: row.creator_id, title: row.title, priceCents: row.price_cents, minPriceCents: row.min_price_cents }
      : null;
  }

  async belongsTo(creatorId: Id, productId: Id): Promise<boolean> {
    return (await this.row('select id from products where id = ? and creator_id = ?', [productId, creatorId])) !== null;
  }

  async delivery(productId: Id): Promise<ProductDelivery | null> {
    const row = await this.row('select * from products where id = ?', [productId]);
    if (!row) return null;
    if (row.file_key && row.file_name && row.file_type && row.file_size !== null) {
      return { kind: 'file', fileName: row.file_name, contentType: row.file_type, size: Number(row.file_size) };
    }
    return row.private_url ? { kind: 'url', url: row.private_url } : null;
  }

  /** `<PUBLIC_URL>/api/downloads/<token>`: streamed by DownloadsController for DOWNLOAD_LINK_TTL_MS. */
  async downloadLink(productId: Id): Promise<string | null> {
    const row = await this.row('select id, file_key from products where id = ?', [productId]);
    if (!row?.file_key) return null;
    return `${this.env.PUBLIC_URL ?? ''}${DOWNLOADS_PATH}/${this.links.token(row.id, row.file_key, this.clock.now())}`;
  }
}
