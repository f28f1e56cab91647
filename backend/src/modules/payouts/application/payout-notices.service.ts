import { Injectable } from '@nestjs/common';
import { isoWeekOf } from '../domain/iso-week.js';
import { payoutNoticeEmail, type PayoutNoticeKind } from '../domain/payout-notice.js';
import type { Payout } from '../domain/payout.js';
import { EmailOutbox } from '../../../shared/email/email-outbox.js';
import { PayoutStore } from './ports/payout.store.js';

/**
 * The creator's e-mails about a payout: 'sent' when PayPal accepted it, 'paid' when PayPal paid it or an
 * operator marked it paid. `queue` runs inside the transaction that saved the payout's new state; the outbox
 * keeps one e-mail per payout and kind, so a repeated mark-paid or a second PayPal report adds none.
 */
@Injectable()
export class PayoutNotices {
  constructor(
    private readonly store: PayoutStore,
    private readonly outbox: EmailOutbox,
  ) {}

  /** The notice a payout's new state calls for, if any (processing: sent; paid: paid). */
  static kindFor(payout: Payout): PayoutNoticeKind | null {
    if (payout.status === 'processing') return 'sent';
    if (payout.status === 'paid') return 'paid';
    return null;
  }

  async queue(payout: Payout, now: Date): Promise<void> {
    const kind = PayoutNotices.kindFor(payout);
    if (!kind) return;
    const recipient = await this.store.noticeRecipientOf(payout.id);
    if (!recipient) return;
    const email = payoutNoticeEmail(payout, kind, {
      email: recipient.email,
      displayName: recipient.displayName,
      firstWeek: recipient.firstEntryAt ? isoWeekOf(recipient.firstEntryAt).label : null,
      lastWeek: recipient.lastEntryAt ? isoWeekOf(recipient.lastEntryAt).label : null,
    });
    await this.outbox.enqueue(email, now);
  }

  /** After the transaction committed: hands what is queued to the mail server (never rejects). */
  deliver(): Promise<void> {
    return this.outbox.deliverPending();
  }
}
