import type { Id } from '../../../../shared/ids.js';
import type { User } from '../../domain/user.js';

export abstract class UserRepository {
  abstract findById(id: Id): Promise<User | null>;
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
}
