import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { dollars } from '../domain/booking.js';
import type { PremiumCharge } from '../domain/premium-charge.js';
import type { Subscription } from '../domain/subscription.js';
import type { Creator } from './ports/billing.store.js';

/** "March 2, 2027" (UTC, as the provider's billing periods are). */
export const day = (date: Date): string =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' }).format(date);

const period = (charge: PremiumCharge): string | null =>
  charge.periodStart && charge.periodEnd ? `${day(charge.periodStart)} to ${day(charge.periodEnd)}` : null;

/** The receipt for a paid Premium charge, the first payment or a renewal. Once per charge. */
export function premiumReceiptEmail(creator: Creator, charge: PremiumCharge): OutgoingEmail {
  const covers = period(charge);
  return {
    dedupeKey: `premium:${charge.providerInvoiceId}:receipt`,
    to: creator.email,
    subject: `Your Linkbio Premium receipt ${charge.receiptNumber}`,
    text: [
      `Hi ${creator.displayName},`,
      '',
      'Thank you: your payment for Linkbio Premium went through.',
      '',
      `Receipt number: ${charge.receiptNumber}`,
      `Amount paid: ${dollars(charge.amountCents)}`,
      ...(covers ? [`Period: ${covers}`] : []),
      `Card: ${charge.cardLast4 ? `ending in ${charge.cardLast4}` : 'the card on file'}`,
      `Date: ${day(charge.createdAt)}`,
      '',
      'You can see all your Premium charges in your dashboard, under Plan.',
    ].join('\n'),
  };
}

/** A renewal whose payment was declined: what happens next. Once per invoice. */
export function premiumDeclinedEmail(creator: Creator, charge: PremiumCharge, nextAttempt: Date | null): OutgoingEmail {
  const card = charge.cardLast4 ? `your card ending in ${charge.cardLast4}` : 'your card';
  return {
    dedupeKey: `premium:${charge.providerInvoiceId}:declined`,
    to: creator.email,
    subject: 'Your Linkbio Premium payment was declined',
    text: [
      `Hi ${creator.displayName},`,
      '',
      `We could not charge ${card} ${dollars(charge.amountCents)} to renew Linkbio Premium.`,
      '',
      ...(nextAttempt
        ? [
            `We will try again on ${day(nextAttempt)}. To keep Premium, change your card in your dashboard (Plan, Change card) before then.`,
            'If the payment cannot be made, Premium ends and your page goes back to the free plan.',
          ]
        : [
            'Your Premium subscription has ended and your page is back on the free plan. Nothing more will be charged.',
            'You can subscribe again from your dashboard at any time.',
          ]),
    ].join('\n'),
  };
}

/** The creator cancelled: Premium lasts until the period's end, and nothing more is charged. */
export function premiumCancelledEmail(creator: Creator, subscription: Subscription): OutgoingEmail {
  const until = subscription.currentPeriodEnd ? day(subscription.currentPeriodEnd) : null;
  return {
    dedupeKey: `premium:${subscription.id}:cancelled`,
    to: creator.email,
    subject: 'Your Linkbio Premium is cancelled',
    text: [
      `Hi ${creator.displayName},`,
      '',
      'You cancelled Linkbio Premium. You will not be charged again.',
      until ? `You keep Premium until ${until}; on that day your page goes back to the free plan.` : 'Your page goes back to the free plan.',
      '',
      'Changed your mind? You can subscribe again from your dashboard.',
    ].join('\n'),
  };
}

/** A cancelled subscription's paid period is over: Premium has ended. */
export function premiumEndedEmail(creator: Creator, subscription: Subscription): OutgoingEmail {
  return {
    dedupeKey: `premium:${subscription.id}:ended`,
    to: creator.email,
    subject: 'Your Linkbio Premium has ended',
    text: [
      `Hi ${creator.displayName},`,
      '',
      `Your Linkbio Premium ended${subscription.currentPeriodEnd ? ` on ${day(subscription.currentPeriodEnd)}` : ''}, as you asked when you cancelled. Your page is on the free plan now.`,
      '',
      'You can subscribe again from your dashboard at any time.',
    ].join('\n'),
  };
}
