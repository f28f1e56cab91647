import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { hashSecretToken } from '../../../shared/secret-link.js';
import { tooManyLinkUses } from '../domain/audience.errors.js';
import { ListLinkRateLimit } from './ports/list-rate-limits.js';
import { SubscriberStore } from './ports/subscriber.store.js';

/**
 * The links e-mails carry: confirm (double opt-in) and unsubscribe (one click, no sign-in, at once). Each use
 * is counted per client address, so tokens cannot be guessed; a token is looked up by its hash only.
 */
@Injectable()
export class ListLinksUseCase {
  constructor(
    private readonly store: SubscriberStore,
    private readonly limit: ListLinkRateLimit,
    private readonly clock: Clock,
  ) {}

  /** Whether the link confirmed an address (true again for one confirmed already). */
  async confirm(token: string, ip: string): Promise<boolean> {
    await this.count(ip);
    const hash = hashSecretToken(token);
    return hash !== null && this.store.confirm(hash, this.clock.now());
  }

  /** Whether the link is an unsubscribe link (its page shows the button); changes nothing. */
  async knowsUnsubscribe(token: string, ip: string): Promise<boolean> {
    await this.count(ip);
    const hash = hashSecretToken(token);
    return hash !== null && this.store.unsubscribeTokenKnown(hash);
  }

  /** Unsubscribes at once; true again for an address unsubscribed already; false for no such link. */
  async unsubscribe(token: string, ip: string): Promise<boolean> {
    await this.count(ip);
    const hash = hashSecretToken(token);
    return hash !== null && this.store.unsubscribe(hash, this.clock.now());
  }

  private async count(ip: string): Promise<void> {
    const wait = await this.limit.consume(ip);
    if (wait !== null) throw tooManyLinkUses(wait);
  }
}
