import { PASSWORD_RESET_VALID_MINUTES } from '@linkbio/shared-contracts';
import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import { newId } from '../../../shared/ids.js';

export interface Recipient {
  email: string;
  displayName: string;
}

/** The e-mail with the link to reset the password; its outbox key names no account and no token. */
export function resetEmail(to: Recipient, link: string): OutgoingEmail {
  return {
    dedupeKey: `password-reset-${newId()}`,
    to: to.email,
    subject: 'Reset your Linkbio password',
    text: [
      `Hi ${to.displayName},`,
      '',
      'Someone asked to reset the password of your Linkbio account. To choose a new password, open this link:',
      '',
      link,
      '',
      `The link works once, for ${PASSWORD_RESET_VALID_MINUTES} minutes. Choosing a new password signs you out on every device.`,
      '',
      'If it was not you, ignore this e-mail: your password stays as it is.',
    ].join('\n'),
  };
}

/** Tells the owner their password changed (changed while signed in, or reset), so a change they did not make is noticed. */
export function passwordChangedEmail(to: Recipient, how: 'changed' | 'reset', at: Date): OutgoingEmail {
  return {
    dedupeKey: `password-${how}-${newId()}`,
    to: to.email,
    subject: 'Your Linkbio password was changed',
    text: [
      `Hi ${to.displayName},`,
      '',
      how === 'changed'
        ? `The password of your Linkbio account was changed on ${at.toUTCString()}. Every other device was signed out.`
        : `The password of your Linkbio account was reset from an e-mailed link on ${at.toUTCString()}. Every device was signed out.`,
      '',
      'If it was not you, reset your password at once from the sign-in page: the link goes to this address only.',
    ].join('\n'),
  };
}
