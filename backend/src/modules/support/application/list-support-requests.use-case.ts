import { Injectable } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import type { SupportRequest } from '../domain/support-request.js';
import {
  SupportRequestStore,
  type OperatorSupportFilter,
  type SupportRequestWithCreator,
} from './ports/support-request.store.js';

/** Support requests as a creator sees theirs and as operators see everyone's (admin API, ops CLI). */
@Injectable()
export class ListSupportRequestsUseCase {
  constructor(private readonly store: SupportRequestStore) {}

  /** Only the creator's own requests, newest first. */
  forCreator(creatorId: Id): Promise<SupportRequest[]> {
    return this.store.listForCreator(creatorId);
  }

  /**
   * The operators' queue: priority (Premium) requests first; within each, the oldest first, so the
   * longest-waiting creator is on top. At most 500.
   */
  forOperators(filter: OperatorSupportFilter = {}): Promise<SupportRequestWithCreator[]> {
    return this.store.listForOperators(filter);
  }
}
