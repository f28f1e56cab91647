import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { newId } from '../../../shared/ids.js';
import { Transactions } from '../../../shared/transactions.js';
import { copyFor, openSupportRequest, type Requester, type SupportRequest } from '../domain/support-request.js';
import { tooManySupportRequests } from '../domain/support.errors.js';
import { EmailOutbox } from '../../../shared/email/email-outbox.js';
import { SupportRequestLimiter } from './ports/support-request.limiter.js';
import { SupportRequestStore } from './ports/support-request.store.js';

/**
 * A creator asks for help ('Help' in the avatar menu). The request is marked priority when the creator is
 * Premium at that moment. The request and the creator's e-mail copy (outbox key `support-<id>-copy`) are
 * stored in one transaction, and the copy is sent after it commits: the request is never lost to a failing
 * mail server, and the copy is never sent for a request that was not stored. Input is checked before the
 * creator's hourly allowance is counted, so a mistyped form costs nothing.
 */
@Injectable()
export class CreateSupportRequestUseCase {
  constructor(
    private readonly store: SupportRequestStore,
    private readonly outbox: EmailOutbox,
    private readonly limiter: SupportRequestLimiter,
    private readonly transactions: Transactions,
    private readonly clock: Clock,
  ) {}

  async execute(requester: Requester, input: { subject: string; message: string }): Promise<SupportRequest> {
    const now = this.clock.now();
    const request = openSupportRequest({ id: newId(), requester, subject: input.subject, message: input.message, now });
    const wait = await this.limiter.consume(requester.id);
    if (wait !== null) throw tooManySupportRequests(wait);
    await this.transactions.run(async () => {
      await this.store.insert(request);
      await this.outbox.enqueue(copyFor(request, requester), now);
    });
    await this.outbox.deliverPending();
    return request;
  }
}
