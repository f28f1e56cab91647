import type { OutgoingEmail } from '../../../shared/email/outgoing-email.js';
import type { Id } from '../../../shared/ids.js';
import type { ListOwner } from './subscriber.js';

/** The path of a confirmation link and of an unsubscribe link (one-click POST, or a page with a button on GET). */
export const confirmPath = (token: string) => `/list/confirm/${token}`;
export const unsubscribePath = (token: string) => `/unsubscribe/${token}`;

/**
 * The headers that make an e-mail one-click unsubscribable (RFC 2369, RFC 8058): a mail program POSTs
 * `List-Unsubscribe=One-Click` to the https address, without a sign-in.
 */
export const unsubscribeHeaders = (unsubscribeUrl: string): Record<string, string> => ({
  'List-Unsubscribe': `<${unsubscribeUrl}>`,
  'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
});

const ownerName = (owner: Pick<ListOwner, 'displayName' | 'username'>) => `${owner.displayName} (@${owner.username})`;

/** Double opt-in: the link puts the address on the list; nothing else does. */
export function confirmationEmail(owner: ListOwner, subscriberId: Id, email: string, tokenHash: string, confirmUrl: string): OutgoingEmail {
  return {
    dedupeKey: `list-confirm-${subscriberId}-${tokenHash.slice(0, 16)}`,
    to: email,
    subject: `Confirm your subscription to ${owner.displayName}`,
    text: [
      `Someone (hopefully you) asked to join the e-mail list of ${ownerName(owner)}.`,
      '',
      'To confirm, open this link:',
      confirmUrl,
      '',
      'If you did not ask, ignore this e-mail: you will not be added.',
    ].join('\n'),
  };
}

/** A creator's announcement to one confirmed subscriber, with its own unsubscribe link in the headers and the text. */
export function broadcastEmail(
  owner: Pick<ListOwner, 'displayName' | 'username'>,
  broadcast: { id: Id; subject: string; body: string },
  subscriberId: Id,
  email: string,
  unsubscribeUrl: string,
): OutgoingEmail {
  return {
    dedupeKey: `broadcast-${broadcast.id}-${subscriberId}`,
    to: email,
    subject: broadcast.subject,
    text: [
      broadcast.body,
      '',
      '--',
      `You are getting this because you joined the e-mail list of ${ownerName(owner)}.`,
      `Unsubscribe: ${unsubscribeUrl}`,
    ].join('\n'),
    headers: unsubscribeHeaders(unsubscribeUrl),
  };
}

/** The list's own pages (the links' and the plain form's answers): served by the API, never the dashboard's 404. */
export const isListPagePath = (path: string): boolean => /^\/(?:list\/(?:confirm|join)|unsubscribe)\/[^/]+\/?$/.test(path);
