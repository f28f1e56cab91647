import { Messages, RESERVED_USERNAMES, isValidUsernameShape } from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';

/** Checks a username against decisions.md (shape and reserved names); returns it unchanged when valid. */
export function assertClaimableUsername(username: string): string {
  if (!isValidUsernameShape(username)) throw invalid(Messages.usernameCharacters);
  if (RESERVED_USERNAMES.has(username)) throw invalid(Messages.usernameReserved);
  return username;
}
