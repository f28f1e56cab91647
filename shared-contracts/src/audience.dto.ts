import { Transform } from 'class-transformer';
import { IsBoolean, IsNotEmpty, IsOptional, IsString, Matches } from 'class-validator';
import { EMAIL_MAX_LENGTH } from './constants.js';
import { IsEmailAddress, MaxChars, trimString } from './validators.js';

/**
 * The e-mail list a creator owns (issue 27): visitors subscribe from the page's block (double opt-in: only a
 * confirmed address is on the list), every e-mail to a subscriber carries a one-click unsubscribe (RFC 8058),
 * and a Premium creator sends a plain-text announcement to the confirmed subscribers at most once a day.
 */

export const BROADCAST_SUBJECT_MAX_LENGTH = 150;
export const BROADCAST_BODY_MAX_LENGTH = 10_000;
export const SUBSCRIBE_TITLE_MAX_LENGTH = 80;
/** Subscribe requests per client address, and per e-mail address, within the hour (as for bookings). */
export const SUBSCRIBES_PER_IP_PER_HOUR = 20;
export const SUBSCRIBES_PER_EMAIL_PER_HOUR = 5;
/** Uses of confirm and unsubscribe links per client address within 10 minutes. */
export const LIST_LINK_USES_PER_10_MINUTES = 60;
/** Subscribers per page of GET /api/subscribers (default and most). */
export const SUBSCRIBERS_PAGE_SIZE = 50;
export const SUBSCRIBERS_PAGE_MAX = 200;
/** Recipients one broadcast job hands to the outbox. */
export const BROADCAST_BATCH_SIZE = 200;
/** The block's heading when the creator sets none. */
export const DEFAULT_SUBSCRIBE_TITLE = 'Join my e-mail list';

export type SubscriberStatus = 'pending' | 'confirmed' | 'unsubscribed';
export type SubscriberSource = 'page' | 'checkout';

export const AudienceMessages = {
  validEmailRequired: 'Please enter a valid email address',
  /** The one answer to every subscribe request, whether the address is new, waiting or confirmed. */
  checkInbox: 'Check your inbox to confirm.',
  listUnavailable: 'This page does not take e-mail sign-ups.',
  tooManySubscribes: (minutes: number) =>
    `Too many sign-ups from here. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  tooManyLinkUses: (minutes: number) => `Too many attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  confirmed: 'You are on the list. Thank you for confirming.',
  confirmLinkInvalid: 'This confirmation link is not valid or has expired. Please subscribe again.',
  unsubscribed: 'You are unsubscribed. You will get no more e-mails from this list.',
  unsubscribeLinkInvalid: 'This unsubscribe link is not valid.',
  subscriberNotFound: 'Subscriber not found',
  subscriberRemoved: 'Subscriber removed',
  enabledRequired: 'enabled must be true or false',
  titleTooLong: `The title must be at most ${SUBSCRIBE_TITLE_MAX_LENGTH} characters`,
  limit: `limit must be a whole number from 1 to ${SUBSCRIBERS_PAGE_MAX}`,
  cursor: 'cursor is not valid',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${BROADCAST_SUBJECT_MAX_LENGTH} characters`,
  bodyRequired: 'Message is required',
  bodyTooLong: `Message must be at most ${BROADCAST_BODY_MAX_LENGTH} characters`,
  premiumOnly: 'Sending to your e-mail list is part of Premium. Upgrade to send announcements to your subscribers.',
  oneBroadcastADay: 'You can send one announcement a day. Please try again tomorrow (UTC).',
  noSubscribers: 'Your list has no confirmed subscribers yet.',
} as const;

/** POST /api/users/{username}/subscribe (and the block's plain form post). */
export class SubscribeRequest {
  @IsEmailAddress({ message: AudienceMessages.validEmailRequired })
  @MaxChars(EMAIL_MAX_LENGTH, { message: AudienceMessages.validEmailRequired })
  @IsString({ message: AudienceMessages.validEmailRequired })
  @Transform(trimString)
  email!: string;
}

/** → 202, the same whatever the address's state. */
export interface SubscribeResponse {
  message: string;
}

/** PUT /api/subscribers/settings: the page's subscribe block. */
export class SubscribeBlockSettings {
  @IsBoolean({ message: AudienceMessages.enabledRequired })
  enabled!: boolean;

  @MaxChars(SUBSCRIBE_TITLE_MAX_LENGTH, { message: AudienceMessages.titleTooLong })
  @IsString({ message: AudienceMessages.titleTooLong })
  @IsOptional()
  @Transform(trimString)
  title?: string | null;
}

export interface SubscribeBlockView {
  enabled: boolean;
  /** Null: DEFAULT_SUBSCRIBE_TITLE. */
  title: string | null;
}

/** GET /api/subscribers?limit&cursor */
export class SubscribersQuery {
  @Matches(/^([1-9]\d?|1\d\d|200)$/, { message: AudienceMessages.limit })
  @IsString({ message: AudienceMessages.limit })
  @IsOptional()
  limit?: string;

  @Matches(/^[A-Za-z0-9_-]{1,200}$/, { message: AudienceMessages.cursor })
  @IsString({ message: AudienceMessages.cursor })
  @IsOptional()
  cursor?: string;
}

export interface SubscriberView {
  id: string;
  email: string;
  status: SubscriberStatus;
  source: SubscriberSource;
  createdAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

export interface SubscribersPage {
  subscribers: SubscriberView[];
  /** Confirmed subscribers: who a broadcast reaches. */
  confirmedCount: number;
  /** Pass as `cursor` for the next page; null on the last. */
  nextCursor: string | null;
  settings: SubscribeBlockView;
}

/** POST /api/broadcasts (Premium). */
export class BroadcastRequest {
  @MaxChars(BROADCAST_SUBJECT_MAX_LENGTH, { message: AudienceMessages.subjectTooLong })
  @IsNotEmpty({ message: AudienceMessages.subjectRequired })
  @IsString({ message: AudienceMessages.subjectRequired })
  @Transform(trimString)
  subject!: string;

  @MaxChars(BROADCAST_BODY_MAX_LENGTH, { message: AudienceMessages.bodyTooLong })
  @IsNotEmpty({ message: AudienceMessages.bodyRequired })
  @IsString({ message: AudienceMessages.bodyRequired })
  @Transform(trimString)
  body!: string;
}

export type BroadcastStatus = 'sending' | 'sent';

export interface BroadcastView {
  id: string;
  subject: string;
  status: BroadcastStatus;
  /** Confirmed subscribers when it was sent: whom it goes to. */
  recipientCount: number;
  /** Handed to the outbox so far. */
  sentCount: number;
  createdAt: string;
}

export interface BroadcastResponse {
  broadcast: BroadcastView;
}

export interface BroadcastsResponse {
  broadcasts: BroadcastView[];
}

/** The page's block as the public page carries it: present only while switched on. */
export interface PublicSubscribeBlock {
  title: string;
}
