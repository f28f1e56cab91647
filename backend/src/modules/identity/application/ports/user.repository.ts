import type { Id } from '../../../../shared/ids.js';
import type { User } from '../../domain/user.js';

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
   * Stores a new user. Rejects with UsernameTaken / EmailTaken when another account holds either
   * (checked by the store itself, so two concurrent sign-ups cannot both win).
   */
  abstract add(user: User): Promise<void>;
  abstract save(user: User): Promise<void>;
  /**
   * Applies `change` to the user and saves it, in one transaction holding the user's row: concurrent changes
   * apply one after the other, each to what the one before saved, so a rule that spans fields (button text
   * contrast) holds for the result. A change that throws saves nothing. Null for an unknown id.
   */
  abstract change(id: Id, change: (user: User) => void): Promise<User | null>;
}
