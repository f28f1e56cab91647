import { Injectable } from '@nestjs/common';
import { BROADCAST_BATCH_SIZE, type BroadcastView } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { EmailOutbox } from '../../../shared/email/email-outbox.js';
import { newId, type Id } from '../../../shared/ids.js';
import { LinkOrigin } from '../../../shared/link-origin.js';
import { newSecretToken } from '../../../shared/secret-link.js';
import { Transactions } from '../../../shared/transactions.js';
import { broadcastsArePremium, noSubscribers, oneBroadcastADay } from '../domain/audience.errors.js';
import { broadcastEmail, unsubscribePath } from '../domain/list-emails.js';
import { utcDay } from '../domain/subscriber.js';
import { BroadcastJobs } from './ports/broadcast-jobs.js';
import { BroadcastStore, type Broadcast } from './ports/broadcast.store.js';
import { SubscriberStore } from './ports/subscriber.store.js';

export const toBroadcastView = (b: Broadcast): BroadcastView => ({
  id: b.id,
  subject: b.subject,
  status: b.status,
  recipientCount: b.recipientCount,
  sentCount: b.sentCount,
  createdAt: b.createdAt.toISOString(),
});

/**
 * A Premium creator's plain-text announcement to their confirmed subscribers: one per creator and UTC day,
 * sent by the worker in batches of BROADCAST_BATCH_SIZE. Each batch claims its recipients (once ever per
 * broadcast), gives each a new unsubscribe link and queues their e-mails in the outbox, all in one
 * transaction; then the next batch is queued while any recipient is left.
 */
@Injectable()
export class BroadcastsUseCase {
  constructor(
    private readonly broadcasts: BroadcastStore,
    private readonly subscribers: SubscriberStore,
    private readonly jobs: BroadcastJobs,
    private readonly outbox: EmailOutbox,
    private readonly transactions: Transactions,
    private readonly links: LinkOrigin,
    private readonly clock: Clock,
  ) {}

  async send(creator: { id: Id; isPremium: boolean }, input: { subject: string; body: string }): Promise<BroadcastView> {
    if (!creator.isPremium) throw broadcastsArePremium();
    if ((await this.subscribers.confirmedCount(creator.id)) === 0) throw noSubscribers();
    const now = this.clock.now();
    const broadcast = await this.broadcasts.create({ id: newId(), creatorId: creator.id, subject: input.subject, body: input.body, day: utcDay(now), now });
    if (!broadcast) throw oneBroadcastADay();
    await this.jobs.queueBatch(broadcast.id, 0);
    return toBroadcastView(broadcast);
  }

  async list(creatorId: Id): Promise<BroadcastView[]> {
    return (await this.broadcasts.list(creatorId, 50)).map(toBroadcastView);
  }

  /**
   * Sends the broadcast's next batch: answers how many e-mails this run queued. Safe to run twice, or at once
   * in two workers: a recipient claimed by one run is never claimed by another.
   */
  async sendBatch(broadcastId: Id, batch: number): Promise<number> {
    const broadcast = await this.broadcasts.find(broadcastId);
    if (!broadcast || broadcast.status === 'sent') return 0;
    const owner = await this.subscribers.ownerById(broadcast.creatorId);
    if (!owner) return 0;
    const now = this.clock.now();
    const queued = await this.transactions.run(async () => {
      const recipients = await this.broadcasts.claim(broadcast.id, BROADCAST_BATCH_SIZE, now);
      for (const recipient of recipients) {
        const { token, tokenHash } = newSecretToken();
        await this.subscribers.addUnsubscribeToken(recipient.subscriberId, tokenHash, now);
        const url = this.links.url(unsubscribePath(token));
        await this.outbox.enqueue(broadcastEmail(owner, broadcast, recipient.subscriberId, recipient.email, url), now);
      }
      return recipients.length;
    });
    await this.outbox.deliverPending();
    if (await this.broadcasts.hasUnclaimed(broadcast.id)) await this.jobs.queueBatch(broadcast.id, batch + 1);
    else await this.broadcasts.markSent(broadcast.id, this.clock.now());
    return queued;
  }
}
