import { Injectable, Logger } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import { maskEmails } from '../../../shared/logging/mask-email.js';
import { ListSignups } from './ports/list-signups.js';
import { SubscribeUseCase } from './subscribe.use-case.js';

/** The ListSignups port for checkouts: asks the buyer to confirm; never fails the purchase (a failure is logged). */
@Injectable()
export class ListSignupsService extends ListSignups {
  private readonly logger = new Logger('Audience');

  constructor(private readonly subscribe: SubscribeUseCase) {
    super();
  }

  async request(creatorId: Id, email: string, _source: 'checkout'): Promise<void> {
    try {
      await this.subscribe.fromCheckout(creatorId, email);
    } catch (error) {
      this.logger.warn(`A checkout's list sign-up was not recorded: ${maskEmails(error instanceof Error ? error.message : String(error))}`);
    }
  }
}
