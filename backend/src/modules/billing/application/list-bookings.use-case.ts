import { Injectable } from '@nestjs/common';
import { BOOKINGS_PAGE_SIZE, SchedulingMessages, type BookingsPage } from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { toBookingView } from '../domain/booking.js';
import { BillingStore, type BookingPosition } from './ports/billing.store.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The cursor after a booking: its creation time (ms) and id, base64url, opaque to clients. */
export const cursorAfter = (booking: { createdAt: Date; id: string }): string =>
  Buffer.from(`${booking.createdAt.getTime()}.${booking.id}`).toString('base64url');

export function positionOf(cursor: string): BookingPosition {
  const [ms, id] = Buffer.from(cursor, 'base64url').toString().split('.');
  const createdAt = new Date(Number(ms));
  if (!ms || !/^\d{1,15}$/.test(ms) || !id || !UUID.test(id) || Number.isNaN(createdAt.getTime())) throw invalid(SchedulingMessages.cursor);
  return { createdAt, id };
}

/** GET /api/bookings: a page of the creator's paid bookings, newest first, and the count of unpaid attempts. */
@Injectable()
export class ListBookingsUseCase {
  constructor(private readonly store: BillingStore) {}

  async execute(creatorId: Id, query: { limit?: number; cursor?: string }): Promise<BookingsPage> {
    const limit = query.limit ?? BOOKINGS_PAGE_SIZE.default;
    const after = query.cursor === undefined ? null : positionOf(query.cursor);
    const [rows, unpaidAttempts] = await Promise.all([
      this.store.paidBookingsOf(creatorId, { limit: limit + 1, after }),
      this.store.countUnpaidAttempts(creatorId),
    ]);
    const bookings = rows.slice(0, limit);
    const last = bookings[bookings.length - 1];
    return { bookings: bookings.map(toBookingView), nextCursor: rows.length > limit && last ? cursorAfter(last) : null, unpaidAttempts };
  }
}
