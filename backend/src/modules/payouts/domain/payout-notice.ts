import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { maskEmail } from '../../../shared/logging/mask-email.js';
import { formatCents, type Payout } from './payout.js';

/** sent: PayPal accepted the payout (on its way); paid: PayPal paid it, or an operator marked it paid. */
export type PayoutNoticeKind = 'sent' | 'paid';

/** What a notice tells besides the payout: who to write to and the weeks its ledger entries were earned in. */
export interface PayoutNoticeFacts {
  email: string;
  displayName: string;
  /** ISO weeks of the payout's earliest and latest ledger entries ("2026-W45"); null without entries. */
  firstWeek: string | null;
  lastWeek: string | null;
}

/** The dedupe key in the outbox: one notice of each kind per payout, ever. */
export const payoutNoticeKey = (payoutId: string, kind: PayoutNoticeKind) => `payout:${payoutId}:${kind}`;

const METHOD_NAMES = { paypal: 'PayPal', cashapp: 'CashApp' } as const;

/** A PayPal e-mail as `j***@example.com`, a CashApp handle as `$ja***`: enough to recognise, not to copy. */
export function maskedDestination(payout: Pick<Payout, 'method' | 'destination'>): string {
  const destination = payout.destination?.trim();
  if (!destination) return 'not set';
  if (payout.method === 'paypal') return maskEmail(destination);
  const handle = destination.replace(/^\$/, '');
  return `$${handle.slice(0, 2)}***`;
}

function weeksCovered(facts: PayoutNoticeFacts, payout: Payout): string {
  const first = facts.firstWeek ?? payout.week;
  const last = facts.lastWeek ?? payout.week;
  return first === last ? first : `${first} to ${last}`;
}

/**
 * The creator's e-mail about their payout: the amount, the weeks its earnings come from, where it went (the
 * method and the destination masked) and the reference (the operator's, or PayPal's batch id).
 */
export function payoutNoticeEmail(payout: Payout, kind: PayoutNoticeKind, facts: PayoutNoticeFacts): OutgoingEmail {
  const amount = formatCents(payout.amount);
  const method = payout.method ? METHOD_NAMES[payout.method] : 'not set';
  const reference = payout.reference ?? payout.providerBatchId;
  const subject = kind === 'sent' ? `Your payout of ${amount} is on its way` : `Your payout of ${amount} is paid`;
  const told =
    kind === 'sent'
      ? `We sent your payout of ${amount} to ${method}. ${method} usually completes it within a day.`
      : `Your payout of ${amount} has been paid to your ${method} account.`;
  return {
    dedupeKey: payoutNoticeKey(payout.id, kind),
    to: facts.email,
    subject,
    text: [
      `Hi ${facts.displayName},`,
      '',
      told,
      '',
      `Amount: ${amount}`,
      `Earnings of: ${weeksCovered(facts, payout)} (payout week ${payout.week})`,
      `Method: ${method} (${maskedDestination(payout)})`,
      `Reference: ${reference ?? 'none yet'}`,
      `Payout ID: ${payout.id}`,
      '',
      'Your statement on the dashboard (Earnings) shows the bookings and refunds this payout covers.',
    ].join('\n'),
  };
}
