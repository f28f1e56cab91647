import {
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_SUBJECT_MAX_LENGTH,
  SupportMessages,
  supportReplyTime,
  type SupportRequestStatus,
} from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import type { Id } from '../../../shared/ids.js';

/** A creator's request for help. `priority` is whether they were Premium when they sent it, and stays so. */
export interface SupportRequest {
  id: Id;
  creatorId: Id;
  subject: string;
  message: string;
  priority: boolean;
  status: SupportRequestStatus;
  createdAt: Date;
  /** Set exactly while closed. */
  closedAt: Date | null;
}

/** Who sends a request: the signed-in creator as they are at that moment. */
export interface Requester {
  id: Id;
  email: string;
  displayName: string;
  isPremium: boolean;
}

const chars = (text: string) => [...text].length;
/** Control characters (C0, DEL, C1) and the direction overrides and isolates, which could garble a terminal row. */
const CONTROL_RUNS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]+/gu;

/**
 * A new, open request. Both texts are trimmed; the subject is one line (line breaks and other control
 * characters become a space), as it heads an e-mail and a row of the operators' list. The limits are the
 * shared DTO's, checked again here for callers that do not come through HTTP.
 */
export function openSupportRequest(input: {
  id: Id;
  requester: Requester;
  subject: string;
  message: string;
  now: Date;
}): SupportRequest {
  const subject = input.subject.replace(CONTROL_RUNS, ' ').trim();
  const message = input.message.trim();
  if (!subject) throw invalid(SupportMessages.subjectRequired);
  if (chars(subject) > SUPPORT_SUBJECT_MAX_LENGTH) throw invalid(SupportMessages.subjectTooLong);
  if (!message) throw invalid(SupportMessages.messageRequired);
  if (chars(message) > SUPPORT_MESSAGE_MAX_LENGTH) throw invalid(SupportMessages.messageTooLong);
  return {
    id: input.id,
    creatorId: input.requester.id,
    subject,
    message,
    priority: input.requester.isPremium,
    status: 'open',
    createdAt: input.now,
    closedAt: null,
  };
}

/** The request once an operator has dealt with it; a closed request stays as it was (closing is idempotent). */
export function closed(request: SupportRequest, now: Date): SupportRequest {
  if (request.status === 'closed') return request;
  return { ...request, status: 'closed', closedAt: now };
}

/**
 * The operators' order: open requests before closed ones, so the queue's head is what waits; among them
 * priority (Premium) requests first, then the longest-waiting first (oldest created_at), the id breaking
 * ties so the order is stable.
 */
export function operatorOrder(a: SupportRequest, b: SupportRequest): number {
  if (a.status !== b.status) return a.status === 'open' ? -1 : 1;
  if (a.priority !== b.priority) return a.priority ? -1 : 1;
  const age = a.createdAt.getTime() - b.createdAt.getTime();
  if (age !== 0) return age;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The creator's copy of what they sent, with when to expect the reply. */
export function copyFor(request: SupportRequest, requester: Requester): OutgoingEmail {
  const replyTime = supportReplyTime(request.priority);
  return {
    dedupeKey: `support-${request.id}-copy`,
    to: requester.email,
    subject: `We received your request: ${request.subject}`,
    text: [
      `Hi ${requester.displayName},`,
      '',
      request.priority
        ? `Thanks for getting in touch. As a Premium creator you have priority support: we will reply to this address ${replyTime}.`
        : `Thanks for getting in touch. We will reply to this address ${replyTime}.`,
      '',
      'Your request:',
      '',
      `Subject: ${request.subject}`,
      '',
      request.message,
      '',
      `Request reference: ${request.id}`,
    ].join('\n'),
  };
}
