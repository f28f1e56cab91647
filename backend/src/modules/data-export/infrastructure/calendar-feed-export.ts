import type { AccountExport } from '@linkbio/shared-contracts';

/** Whether the creator has a calendar feed, and since when its address is the current one: never the token. */
export const CALENDAR_FEED_SQL = 'select created_at from calendar_feeds where user_id = $1';

export interface CalendarFeedExportRow {
  created_at: Date;
}

export const toCalendarFeedExport = (row: CalendarFeedExportRow | undefined): AccountExport['calendarFeed'] =>
  row ? { createdAt: row.created_at.toISOString() } : null;

/** The creator's connected calendar as they set it up, never its password. */
export const CALENDAR_CONNECTION_SQL =
  'select url, username, write_sessions, connected_at, last_read_at from calendar_connections where creator_id = $1';

export interface CalendarConnectionExportRow {
  url: string;
  username: string;
  write_sessions: boolean;
  connected_at: Date;
  last_read_at: Date | null;
}

export const toCalendarConnectionExport = (row: CalendarConnectionExportRow | undefined): AccountExport['calendarConnection'] =>
  row
    ? {
        url: row.url,
        username: row.username,
        writeSessions: row.write_sessions,
        connectedAt: row.connected_at.toISOString(),
        lastReadAt: row.last_read_at?.toISOString() ?? null,
      }
    : null;
