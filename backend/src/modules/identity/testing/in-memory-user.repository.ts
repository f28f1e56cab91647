import type { Id } from '../../../shared/ids.js';
import { copyOf } from '../../../shared/testing/copy.js';
import { UserRepository } from '../application/ports/user.repository.js';
import { emailTaken, usernameTaken } from '../domain/identity.errors.js';
import type { User } from '../domain/user.js';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * UserRepository over a Map, with the database's unique indexes on lower(username) and lower(email).
 * Stores and returns copies.
 */
export class InMemoryUserRepository extends UserRepository {
  private readonly rows = new Map<Id, User>();

  async findById(id: Id): Promise<User | null> {
    return this.copy(this.rows.get(id));
  }

  async readById(id: Id): Promise<User | null> {
    return this.copy(this.rows.get(id));
  }

  async findByEmail(email: string): Promise<User | null> {
    return this.copy([...this.rows.values()].find((user) => same(user.email, email)));
  }

  async findByUsername(username: string): Promise<User | null> {
    return this.copy([...this.rows.values()].find((user) => same(user.username, username)));
  }

  async add(user: User): Promise<void> {
    if (this.rows.has(user.id)) throw new Error(`User ${user.id} is already stored`);
    this.checkUnique(user);
    this.rows.set(user.id, copyOf(user));
  }

  async save(user: User): Promise<void> {
    this.checkUnique(user);
    this.rows.set(user.id, copyOf(user));
  }

  /** Reads, changes and stores without yielding, so concurrent changes apply one after the other. */
  async change(id: Id, change: (user: User) => void): Promise<User | null> {
    const row = this.rows.get(id);
    if (!row) return null;
    const user = copyOf(row);
    change(user);
    this.checkUnique(user);
    this.rows.set(user.id, copyOf(user));
    return user;
  }

  /** The unique indexes: username is checked first, as the database's index on it was created first. */
  private checkUnique(user: User): void {
    const others = [...this.rows.values()].filter((other) => other.id !== user.id);
    if (others.some((other) => same(other.username, user.username))) throw usernameTaken();
    if (others.some((other) => same(other.email, user.email))) throw emailTaken();
  }

  private copy(user: User | undefined): User | null {
    return user ? copyOf(user) : null;
  }
}
