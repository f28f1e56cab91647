import { Injectable } from '@nestjs/common';
import { AudienceMessages, isEmailAddress, type SubscriberSource } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { EmailOutbox } from '../../../shared/email/email-outbox.js';
import { newId, type Id } from '../../../shared/ids.js';
import { LinkOrigin } from '../../../shared/link-origin.js';
import { newSecretToken } from '../../../shared/secret-link.js';
import { Transactions } from '../../../shared/transactions.js';
import { listUnavailable, tooManySubscribes } from '../domain/audience.errors.js';
import { confirmationEmail, confirmPath } from '../domain/list-emails.js';
import { CONFIRM_VALID_MS, listAddress, type ListOwner } from '../domain/subscriber.js';
import { SubscribeEmailRateLimit, SubscribeIpRateLimit } from './ports/list-rate-limits.js';
import { SubscriberStore } from './ports/subscriber.store.js';

/**
 * A visitor joins a creator's list (the page's block) or a buyer ticks "join the list" at checkout: double
 * opt-in, so the address is only asked to confirm. The answer is the same whether the address is new, waiting
 * or confirmed (nobody learns who is on a list): a new or waiting address gets a new link (only its hash
 * stored, the older link replaced), a confirmed one nothing. The e-mail is queued in the same transaction and
 * sent after the answer, so the answer takes as long either way.
 */
@Injectable()
export class SubscribeUseCase {
  constructor(
    private readonly store: SubscriberStore,
    private readonly outbox: EmailOutbox,
    private readonly transactions: Transactions,
    private readonly links: LinkOrigin,
    private readonly clock: Clock,
    private readonly ipLimit: SubscribeIpRateLimit,
    private readonly emailLimit: SubscribeEmailRateLimit,
  ) {}

  /** The page's block: 404 for a page without the block, 429 beyond the allowances; else the one answer. */
  async fromPage(username: string, email: string, visitor: { ip: string }): Promise<{ message: string }> {
    const address = listAddress(email);
    const waits = await Promise.all([this.ipLimit.consume(visitor.ip), this.emailLimit.consume(address)]);
    const wait = Math.max(...waits.map((seconds) => seconds ?? 0));
    if (wait > 0) throw tooManySubscribes(wait);
    const owner = await this.store.ownerByUsername(username);
    if (!owner?.subscribeEnabled) throw listUnavailable();
    await this.request(owner, address, 'page');
    return { message: AudienceMessages.checkInbox };
  }

  /**
   * A checkout's "join the list" (the ListSignups port): the same opt-in, counted per address only (the
   * checkout has its own limits per client address). Answers whether a confirmation was asked for.
   */
  async fromCheckout(creatorId: Id, email: string): Promise<boolean> {
    const address = listAddress(email);
    if (!isEmailAddress(address)) return false;
    if ((await this.emailLimit.consume(address)) !== null) return false;
    const owner = await this.store.ownerById(creatorId);
    // Offered at checkout only while the creator's list is on (the pages show the box only then).
    if (!owner?.subscribeEnabled) return false;
    await this.request(owner, address, 'checkout');
    return true;
  }

  private async request(owner: ListOwner, email: string, source: SubscriberSource): Promise<void> {
    const now = this.clock.now();
    const { token, tokenHash } = newSecretToken();
    await this.transactions.run(async () => {
      const asked = await this.store.requestConfirmation({
        id: newId(),
        creatorId: owner.id,
        email,
        source,
        tokenHash,
        expiresAt: new Date(now.getTime() + CONFIRM_VALID_MS),
        now,
      });
      if (asked) {
        await this.outbox.enqueue(confirmationEmail(owner, asked.subscriberId, email, tokenHash, this.links.url(confirmPath(token))), now);
      }
    });
    void this.outbox.deliverPending();
  }
}
