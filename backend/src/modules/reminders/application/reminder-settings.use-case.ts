import { Injectable } from '@nestjs/common';
import { REMINDER_KINDS, ReminderMessages, type ReminderSettingsView } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { ReminderSettingsStore } from './ports/reminder-settings.store.js';

/**
 * The creator's reminder switches (`GET/PUT /api/users/reminders`). Saved as a whole: all four, each true or
 * false, else a 400 and nothing changes. The sweep reads them when it sends, so a switch turned off stops the
 * reminders of that kind not sent yet, already booked sessions included.
 */
@Injectable()
export class ReminderSettingsUseCase {
  constructor(
    private readonly store: ReminderSettingsStore,
    private readonly clock: Clock,
  ) {}

  view(creatorId: Id): Promise<ReminderSettingsView> {
    return this.store.find(creatorId);
  }

  async save(creatorId: Id, request: ReminderSettingsView): Promise<ReminderSettingsView> {
    for (const kind of REMINDER_KINDS) if (typeof request[kind] !== 'boolean') throw invalid(ReminderMessages.switchBoolean(kind));
    const settings = Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, request[kind]])) as ReminderSettingsView;
    return this.store.save(creatorId, settings, this.clock.now());
  }
}
