import type { ReminderSettingsView } from '@linkbio/shared-contracts';
import type { Id } from '../../../../shared/ids.js';

/** The creator's reminder switches (reminder_settings); never saved, all are on. */
export abstract class ReminderSettingsStore {
  abstract find(creatorId: Id): Promise<ReminderSettingsView>;
  abstract save(creatorId: Id, settings: ReminderSettingsView, now: Date): Promise<ReminderSettingsView>;
}
