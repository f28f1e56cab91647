import { Injectable } from '@nestjs/common';
import { BOOKINGS_PAGE_SIZE, type SalesPage, type TipSettingsRequest, type TipSettingsView } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { toSaleView } from '../domain/order.js';
import { cursorAfter, positionOf } from './list-bookings.use-case.js';
import { OrderStore } from './ports/order.store.js';

/**
 * The creator's sales — paid product orders and tips, newest first, paged as bookings are (the same cursor) —
 * and the Support block's settings (tips on or off, three preset amounts, a message).
 */
@Injectable()
export class SalesUseCase {
  constructor(private readonly orders: OrderStore) {}

  async list(creatorId: Id, query: { limit?: number; cursor?: string }): Promise<SalesPage> {
    const limit = query.limit ?? BOOKINGS_PAGE_SIZE.default;
    const after = query.cursor === undefined ? null : positionOf(query.cursor);
    const rows = await this.orders.paidSalesOf(creatorId, { limit: limit + 1, after });
    const sales = rows.slice(0, limit);
    const last = sales[sales.length - 1];
    return { sales: sales.map(toSaleView), nextCursor: rows.length > limit && last ? cursorAfter(last) : null };
  }

  tipSettings(creatorId: Id): Promise<TipSettingsView> {
    return this.orders.tipSettingsOf(creatorId);
  }

  async saveTipSettings(creatorId: Id, request: TipSettingsRequest): Promise<TipSettingsView> {
    const settings: TipSettingsView = {
      enabled: request.enabled,
      presets: [request.presets[0]!, request.presets[1]!, request.presets[2]!],
      message: request.message || null,
    };
    await this.orders.saveTipSettings(creatorId, settings);
    return settings;
  }
}
