import { AccountMessages, OLD_USERNAME_HELD_DAYS } from '@linkbio/shared-contracts';
import { invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { usernameHeld } from './identity.errors.js';
import { assertClaimableUsername, assertUsernameShape } from './username.js';
import type { User } from './user.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A username an account gave up lately: until `heldUntil` nobody else may claim it, its old address forwards
 * to the account's current one, and the account itself may take it back.
 */
export interface UsernameHold {
  /** Lowercase. */
  username: string;
  userId: Id;
  heldUntil: Date;
}

/** Whether the hold still keeps the name at `now` (until its end, exclusive). */
export function isHeldAt(hold: UsernameHold | null, now: Date): hold is UsernameHold {
  return hold !== null && hold.heldUntil.getTime() > now.getTime();
}

/**
 * Gives `user` the username `requested` at `now` and answers the hold of the name it leaves, as the rules of
 * a change of username say (issue 14):
 * - the same name as now, in any letter case: refused (400, usernameUnchanged);
 * - the shape and the reserved names of sign-up, except for a name the account itself holds (its own
 *   address of late, even one reserved since it was claimed);
 * - a name another account holds: refused (409, usernameHeld).
 * Whether another account has the name is the store's to check, in the same transaction.
 */
export function renameUser(user: User, requested: string, holdOnRequested: UsernameHold | null, now: Date): UsernameHold {
  assertUsernameShape(requested);
  if (requested.toLowerCase() === user.username.toLowerCase()) throw invalid(AccountMessages.usernameUnchanged);
  const held = isHeldAt(holdOnRequested, now) ? holdOnRequested : null;
  if (held?.userId !== user.id) assertClaimableUsername(requested);
  if (held && held.userId !== user.id) throw usernameHeld();
  const left: UsernameHold = {
    username: user.username.toLowerCase(),
    userId: user.id,
    heldUntil: new Date(now.getTime() + OLD_USERNAME_HELD_DAYS * DAY_MS),
  };
  user.username = requested;
  user.updatedAt = now;
  return left;
}
