import { Messages, isReservedUsername, isValidUsernameShape } from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';

/** Checks a username's shape (decisions.md: 3–30 of a-z, 0-9 and hyphens, no hyphen at either end). */
export function assertUsernameShape(username: string): string {
  if (!isValidUsernameShape(username)) throw invalid(Messages.usernameCharacters);
  return username;
}

/**
 * Checks a username a creator wants to claim against decisions.md (shape, then route names and names that
 * look official, isReservedUsername); returns it unchanged when valid.
 */
export function assertClaimableUsername(username: string): string {
  assertUsernameShape(username);
  if (isReservedUsername(username)) throw invalid(Messages.usernameReserved);
  return username;
}
