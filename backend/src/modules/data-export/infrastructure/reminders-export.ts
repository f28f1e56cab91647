import { DEFAULT_REMINDER_SETTINGS, type ReminderSettingsView } from '@linkbio/shared-contracts';

/** The creator's reminder switches (no row: never saved, so all on). */
export const REMINDERS_SQL = `
  select visitor_24h, visitor_1h, creator_24h, creator_1h from reminder_settings where creator_id = $1`;

export interface RemindersExportRow {
  visitor_24h: boolean;
  visitor_1h: boolean;
  creator_24h: boolean;
  creator_1h: boolean;
}

export const toRemindersExport = (row: RemindersExportRow | undefined): ReminderSettingsView =>
  row
    ? { visitor24h: row.visitor_24h, visitor1h: row.visitor_1h, creator24h: row.creator_24h, creator1h: row.creator_1h }
    : { ...DEFAULT_REMINDER_SETTINGS };
