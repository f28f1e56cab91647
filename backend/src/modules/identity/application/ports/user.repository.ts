import type { Id } from '../../../../shared/ids.js';
import type { User } from '../../domain/user.js';
import type { UsernameHold } from '../../domain/username-hold.js';

export abstract class UserRepository {
  abstract findById(id: Id): Promise<User | null>;
  /**
   * The account as stored now, read to be shown or checked within one request (the signed-in creator of each
   * request): never to be saved, as a change goes through change().
   */
  abstract readById(id: Id): Promise<User | null>;
  /** Case-insensitive. */
  abstract findByEmail(email: string): Promise<User | null>;
  /** Case-insensitive. */
  abstract findByUsername(username: string): Promise<User | null>;
  /**
   * Stores a new user. Rejects with UsernameTaken / EmailTaken when another account holds either, and with
   * UsernameHeld when another account gave the username up lately and holds it still at `user.createdAt`
   * (checked by the store itself, under a lock on the name that renames take too, so two concurrent claims
   * cannot both win); a hold on the name that has ended is dropped.
   */
  abstract add(user: User): Promise<void>;
  /** The hold on this username (lowercase), ended or not; null when no account holds it. */
  abstract findHold(username: string): Promise<UsernameHold | null>;
  /**
   * Gives the account the username `username` in one transaction that holds the account's row and a lock on
   * its current name and on the new one (which sign-ups take too): `rename` gets the account as stored and the
   * hold on the new name (null when none), applies the rules (renameUser), throwing to refuse, and answers the
   * hold of the name the account leaves. Then rejects with UsernameTaken when another account has the new
   * name, drops the hold on the new name, stores the hold of the old one and the account. Saves nothing when
   * anything throws. Null for an unknown id.
   */
  abstract rename(id: Id, username: string, rename: (user: User, hold: UsernameHold | null) => UsernameHold): Promise<User | null>;
  abstract save(user: User): Promise<void>;
  /**
   * Applies `change` to the user and saves it, in one transaction holding the user's row: concurrent changes
   * apply one after the other, each to what the one before saved, so a rule that spans fields (button text
   * contrast) holds for the result. A change that throws saves nothing. Null for an unknown id.
   */
  abstract change(id: Id, change: (user: User) => void): Promise<User | null>;
}
