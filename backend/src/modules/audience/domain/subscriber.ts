import type { SubscriberSource, SubscriberStatus, SubscriberView } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';

/** One address on a creator's list (kept lowercase: one row per creator and address). */
export interface Subscriber {
  id: Id;
  creatorId: Id;
  email: string;
  status: SubscriberStatus;
  source: SubscriberSource;
  createdAt: Date;
  confirmedAt: Date | null;
  unsubscribedAt: Date | null;
}

/** The creator as the list needs them: whose list, and whether the page's block takes sign-ups. */
export interface ListOwner {
  id: Id;
  username: string;
  displayName: string;
  subscribeEnabled: boolean;
  subscribeTitle: string | null;
  isPremium: boolean;
}

/** How long a confirmation link works. */
export const CONFIRM_VALID_MS = 7 * 24 * 60 * 60 * 1000;

/** The address as the list keys it. */
export const listAddress = (email: string): string => email.trim().toLowerCase();

export const toSubscriberView = (s: Subscriber): SubscriberView => ({
  id: s.id,
  email: s.email,
  status: s.status,
  source: s.source,
  createdAt: s.createdAt.toISOString(),
  confirmedAt: s.confirmedAt?.toISOString() ?? null,
  unsubscribedAt: s.unsubscribedAt?.toISOString() ?? null,
});

/** The UTC day of `now` (YYYY-MM-DD): a creator sends at most one broadcast per such day. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);
