import { EMAIL_CONFIRMATION_VALID_HOURS } from '@linkbio/shared-contracts';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { newId } from '../../../shared/ids.js';
import type { Recipient } from './password-emails.js';

const validity = `The link works once, for ${EMAIL_CONFIRMATION_VALID_HOURS} hours.`;

/** Sent on sign-up (and on asking again): confirms the account's address. The outbox key names no token. */
export function verifyEmailMessage(to: Recipient, link: string): OutgoingEmail {
  return {
    dedupeKey: `email-verify-${newId()}`,
    to: to.email,
    subject: 'Confirm your Linkbio email address',
    text: [
      `Hi ${to.displayName},`,
      '',
      'Please confirm that this is the email address of your Linkbio account. Open this link:',
      '',
      link,
      '',
      `${validity} Payouts wait until your address is confirmed.`,
      '',
      'If you did not sign up for Linkbio, ignore this e-mail.',
    ].join('\n'),
  };
}

/** Sent to the NEW address of a change: nothing changes until its link is opened. */
export function confirmNewEmailMessage(to: Recipient & { newEmail: string }, link: string): OutgoingEmail {
  return {
    dedupeKey: `email-change-${newId()}`,
    to: to.newEmail,
    subject: 'Confirm your new Linkbio email address',
    text: [
      `Hi ${to.displayName},`,
      '',
      `You asked to change the email address of your Linkbio account to ${to.newEmail}. To confirm it, open this link:`,
      '',
      link,
      '',
      `${validity} Until then your account keeps its current address.`,
      '',
      'If it was not you, ignore this e-mail: nothing changes.',
    ].join('\n'),
  };
}

/** Sent to the OLD address once a change is confirmed, so a change the owner did not make is noticed. */
export function emailChangedMessage(to: Recipient, newEmail: string, at: Date): OutgoingEmail {
  return {
    dedupeKey: `email-changed-${newId()}`,
    to: to.email,
    subject: 'Your Linkbio email address was changed',
    text: [
      `Hi ${to.displayName},`,
      '',
      `The email address of your Linkbio account was changed from ${to.email} to ${newEmail} on ${at.toUTCString()}.`,
      'From now on you sign in with the new address, and Linkbio writes to it only.',
      '',
      'If it was not you, write to Linkbio support at once from this address: someone may know your password, and support',
      'can give your account its address back. Do not use links from e-mails you did not ask for.',
    ].join('\n'),
  };
}
