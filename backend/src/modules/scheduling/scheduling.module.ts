import { Module } from '@nestjs/common';
import { CalendarsModule } from '../calendars/calendars.module.js';
import { SessionTypesModule } from '../session-types/session-types.module.js';
import { AvailabilityUseCase } from './application/availability.use-case.js';
import { AvailabilityStore } from './application/ports/availability.store.js';
import { OpenSlots } from './application/ports/open-slots.js';
import { SlotHoldStore } from './application/ports/slot-hold.store.js';
import { SlotReservations } from './application/ports/slot-reservations.js';
import { SlotReservationService } from './application/slot-reservation.service.js';
import { SchedulingController } from './http/scheduling.controller.js';
import { PostgresAvailabilityStore } from './infrastructure/postgres-availability.store.js';
import { PostgresSlotHoldStore } from './infrastructure/postgres-slot-hold.store.js';

/**
 * Paid sessions at set times: each creator's availability (PUT/GET /api/users/availability), the open slots
 * visitors pick from (GET /api/users/{username}/slots) and the holds that keep a picked slot while its visitor
 * pays. Billing reaches it only through SlotReservations, the booking page (public-pages) through OpenSlots.
 */
@Module({
  imports: [SessionTypesModule, CalendarsModule],
  controllers: [SchedulingController],
  providers: [
    { provide: AvailabilityStore, useClass: PostgresAvailabilityStore },
    { provide: SlotHoldStore, useClass: PostgresSlotHoldStore },
    { provide: SlotReservations, useClass: SlotReservationService },
    AvailabilityUseCase,
    { provide: OpenSlots, useExisting: AvailabilityUseCase },
  ],
  exports: [SlotReservations, OpenSlots],
})
export class SchedulingModule {}
