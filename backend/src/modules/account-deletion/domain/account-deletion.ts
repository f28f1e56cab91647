import { DELETED_USERNAME_HELD_DAYS, DeletionMessages } from '@linkbio/shared-contracts';
import { conflict, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What a deleted account's row keeps instead of its personal data. The e-mail address is unique (the row's id)
 * and cannot be delivered to (`.invalid`, RFC 2606), so the real address is free for a new sign-up at once; the
 * username is the id in base 36 behind a `~`, a character no username may have, so it never collides with a
 * name anybody can claim (and fits the column's 30 characters).
 */
export interface Tombstone {
  username: string;
  email: string;
  displayName: string;
}

export function tombstoneOf(userId: Id): Tombstone {
  const hex = userId.replace(/-/g, '').toLowerCase();
  return {
    username: `~${BigInt(`0x${hex}`).toString(36)}`,
    email: `deleted-${hex}@deleted.invalid`,
    displayName: 'Deleted account',
  };
}

/** Until when nobody may claim the name a deletion frees (exclusive). */
export const deletedNameHeldUntil = (now: Date): Date => new Date(now.getTime() + DELETED_USERNAME_HELD_DAYS * DAY_MS);

/** Integer cents as a person reads dollars: 1234 → "$12.34", 123456 → "$1,234.56". */
export function formatDollars(cents: number): string {
  const whole = Math.floor(cents / 100).toLocaleString('en-US');
  return `$${whole}.${String(cents % 100).padStart(2, '0')}`;
}

export const deletionPasswordWrong = () => invalid(DeletionMessages.passwordWrong);
export const unpaidEarningsNotAcknowledged = (cents: number) => conflict(DeletionMessages.unpaidEarnings(formatDollars(cents)));
