import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { isId, type Id } from '../../../shared/ids.js';
import { Transactions } from '../../../shared/transactions.js';
import { closed, type SupportRequest } from '../domain/support-request.js';
import { supportRequestNotFound } from '../domain/support.errors.js';
import { SupportRequestStore } from './ports/support-request.store.js';

/**
 * An operator closes a request they have answered. Closing a closed request changes nothing (it keeps its
 * first closing time), so a repeated click or command is harmless.
 */
@Injectable()
export class CloseSupportRequestUseCase {
  constructor(
    private readonly store: SupportRequestStore,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  async execute(id: Id): Promise<SupportRequest> {
    if (!isId(id)) throw supportRequestNotFound();
    return this.transactions.run(async () => {
      const request = await this.store.lock(id.toLowerCase());
      if (!request) throw supportRequestNotFound();
      const next = closed(request, this.clock.now());
      if (next !== request) await this.store.save(next);
      return next;
    });
  }
}
