import { DEFAULT_REMINDER_SETTINGS, type ReminderSettingsView } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { ReminderSettingsStore } from '../application/ports/reminder-settings.store.js';

/** The creators' switches in memory; never saved, all on. */
export class InMemoryReminderSettingsStore extends ReminderSettingsStore {
  readonly saved = new Map<Id, ReminderSettingsView>();

  async find(creatorId: Id): Promise<ReminderSettingsView> {
    return { ...(this.saved.get(creatorId) ?? DEFAULT_REMINDER_SETTINGS) };
  }

  async save(creatorId: Id, settings: ReminderSettingsView): Promise<ReminderSettingsView> {
    this.saved.set(creatorId, { ...settings });
    return { ...settings };
  }
}
