import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, ValidateIf } from 'class-validator';
import { MaxChars, trimString } from './validators.js';

/**
 * Support requests ('Help' in the avatar menu). A Premium creator's request is marked priority (the spec's
 * "priority customer support"): operators see priority requests first, and the creator is told the reply
 * comes within one business day instead of three.
 */

export const SUPPORT_SUBJECT_MAX_LENGTH = 120;
export const SUPPORT_MESSAGE_MAX_LENGTH = 5000;
/** Requests a creator may send per hour; the next one answers 429. */
export const SUPPORT_REQUESTS_PER_HOUR = 5;

export type SupportRequestStatus = 'open' | 'closed';
export const SUPPORT_REQUEST_STATUSES: readonly SupportRequestStatus[] = ['open', 'closed'];

/** When a creator can expect the reply, by priority (the e-mail copy and the Help dialog say the same). */
export const SUPPORT_REPLY_TIME = {
  priority: 'within one business day',
  standard: 'within three business days',
} as const;

export const supportReplyTime = (priority: boolean): string =>
  priority ? SUPPORT_REPLY_TIME.priority : SUPPORT_REPLY_TIME.standard;

export const SupportMessages = {
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${SUPPORT_SUBJECT_MAX_LENGTH} characters`,
  messageRequired: 'Message is required',
  messageTooLong: `Message must be at most ${SUPPORT_MESSAGE_MAX_LENGTH} characters`,
  invalidStatus: 'Status must be open or closed',
  notFound: 'Support request not found',
  tooMany: (minutes: number) =>
    `You can send ${SUPPORT_REQUESTS_PER_HOUR} support requests an hour. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
} as const;

/** POST /api/support-requests: what the creator wrote in the Help dialog (both fields trimmed). */
export class CreateSupportRequest {
  @MaxChars(SUPPORT_SUBJECT_MAX_LENGTH, { message: SupportMessages.subjectTooLong })
  @IsNotEmpty({ message: SupportMessages.subjectRequired })
  @IsString({ message: SupportMessages.subjectRequired })
  @Transform(trimString)
  subject!: string;

  @MaxChars(SUPPORT_MESSAGE_MAX_LENGTH, { message: SupportMessages.messageTooLong })
  @IsNotEmpty({ message: SupportMessages.messageRequired })
  @IsString({ message: SupportMessages.messageRequired })
  @Transform(trimString)
  message!: string;
}

export interface SupportRequestView {
  id: string;
  subject: string;
  message: string;
  /** The creator was Premium when they sent it. */
  priority: boolean;
  status: SupportRequestStatus;
  createdAt: string;
  closedAt: string | null;
}

/** POST /api/support-requests → 201. */
export interface SupportRequestResponse {
  request: SupportRequestView;
}

/** GET /api/support-requests: the signed-in creator's own requests, newest first. */
export interface SupportRequestsResponse {
  requests: SupportRequestView[];
}

/** The operators' view: who asked, and where the reply goes. */
export interface AdminSupportRequestView extends SupportRequestView {
  creatorId: string;
  username: string;
  email: string;
}

/** GET /api/admin/support-requests: priority first, then oldest first (the longest-waiting on top). */
export interface AdminSupportRequestsResponse {
  requests: AdminSupportRequestView[];
}

/** POST /api/admin/support-requests/{id}/close → 200. */
export interface AdminSupportRequestResponse {
  request: AdminSupportRequestView;
}

const given = (_: object, value: unknown) => value !== undefined;

/** GET /api/admin/support-requests?status=open|closed (all when left out). */
export class AdminSupportRequestsQuery {
  @IsIn(SUPPORT_REQUEST_STATUSES, { message: SupportMessages.invalidStatus })
  @ValidateIf(given)
  status?: SupportRequestStatus;
}
