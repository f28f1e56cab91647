import type { Id } from '../../../shared/ids.js';
import { CalendarBusyTimes, type BusyTime } from '../application/ports/calendar-busy-times.js';

/** CalendarBusyTimes held in memory, for unit tests: `set` what a creator's calendar says. */
export class InMemoryCalendarBusyTimes extends CalendarBusyTimes {
  private readonly times = new Map<Id, BusyTime[]>();

  set(creatorId: Id, times: BusyTime[]): void {
    this.times.set(creatorId, times);
  }

  async busy(creatorId: Id, from: Date, to: Date): Promise<BusyTime[]> {
    return (this.times.get(creatorId) ?? []).filter((time) => time.start < to && time.end > from);
  }
}
