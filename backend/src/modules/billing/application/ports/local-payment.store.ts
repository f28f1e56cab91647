import type { SavedCard } from '../../domain/test-cards.js';

/** The local test provider's own records (its "server side"): payment intents and subscriptions. */
export interface LocalIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'refunded';
  metadata: Record<string, string>;
  returnPath: string | null;
}

export interface LocalSubscription {
  id: string;
  customerId: string;
  userId: string;
  status: string;
  currentPeriodStart: Date | null;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** The card that paid it, charged again at each period's end; null until paid. */
  card: SavedCard | null;
}

export abstract class LocalPaymentStore {
  abstract createIntent(input: { amount: number; metadata: Record<string, string>; returnPath: string | null; now: Date; key?: string }): Promise<LocalIntent>;
  abstract findIntent(id: string): Promise<LocalIntent | null>;
  /** Locks the intent until the transaction ends; null when there is none. */
  abstract lockIntent(id: string): Promise<LocalIntent | null>;
  /** Locks the intent until the transaction ends; null when no intent has this secret. */
  abstract lockIntentBySecret(clientSecret: string): Promise<LocalIntent | null>;
  abstract setIntentStatus(id: string, status: LocalIntent['status'], lastError: string | null, now: Date): Promise<void>;
  abstract createSubscription(input: { customerId: string; userId: string; now: Date }): Promise<LocalSubscription>;
  abstract lockSubscription(id: string): Promise<LocalSubscription | null>;
  abstract findSubscription(id: string): Promise<LocalSubscription | null>;
  /** Saves the subscription's state and card. */
  abstract saveSubscription(subscription: LocalSubscription): Promise<void>;
  /** Ids of subscriptions whose period is over, not cancelled, to renew: the oldest period end first. */
  abstract dueForRenewal(now: Date, limit: number): Promise<string[]>;
}
