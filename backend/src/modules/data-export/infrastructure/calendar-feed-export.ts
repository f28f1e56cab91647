import type { AccountExport } from '@linkbio/shared-contracts';

/** Whether the creator has a calendar feed, and since when its address is the current one: never the token. */
export const CALENDAR_FEED_SQL = 'select created_at from calendar_feeds where user_id = $1';

export interface CalendarFeedExportRow {
  created_at: Date;
}

export const toCalendarFeedExport = (row: CalendarFeedExportRow | undefined): AccountExport['calendarFeed'] =>
  row ? { createdAt: row.created_at.toISOString() } : null;
