import type { Id } from '../../../shared/ids.js';
import { copyOf } from '../../../shared/testing/copy.js';
import { UserRepository } from '../application/ports/user.repository.js';
import { emailTaken, usernameHeld, usernameTaken } from '../domain/identity.errors.js';
import type { User } from '../domain/user.js';
import { isHeldAt, type UsernameHold } from '../domain/username-hold.js';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * UserRepository over a Map, with the database's unique indexes on lower(username) and lower(email), and
 * the holds on former usernames (username_holds). Stores and returns copies.
 */
export class InMemoryUserRepository extends UserRepository {
  private readonly rows = new Map<Id, User>();
  private readonly holds = new Map<string, UsernameHold>();
  /** Writes to each account's holds that move its page version, as username_holds' triggers count them. */
  private readonly holdWrites = new Map<Id, number>();

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
    const name = user.username.toLowerCase();
    if (isHeldAt(this.holds.get(name) ?? null, user.createdAt)) throw usernameHeld();
    this.dropHold(name);
    this.rows.set(user.id, copyOf(user));
  }

  async findHold(username: string): Promise<UsernameHold | null> {
    const hold = this.holds.get(username.toLowerCase());
    return hold ? { ...hold } : null;
  }

  /** Reads, checks and stores without yielding, so concurrent claims apply one after the other. */
  async rename(id: Id, username: string, rename: (user: User, hold: UsernameHold | null) => UsernameHold): Promise<User | null> {
    const row = this.rows.get(id);
    if (!row) return null;
    const user = copyOf(row);
    const name = username.toLowerCase();
    const held = this.holds.get(name);
    const left = rename(user, held ? { ...held } : null);
    this.checkUnique(user);
    this.dropHold(name);
    this.holds.set(left.username, { ...left });
    this.counted(left.userId);
    this.rows.set(user.id, copyOf(user));
    return user;
  }

  /**
   * For the public pages' fake: how many writes to the account's holds moved its page version on, as the
   * database's triggers do: every hold stored, and a hold dropped while it still held (by the real clock).
   */
  holdVersion(userId: Id): number {
    return this.holdWrites.get(userId) ?? 0;
  }

  private dropHold(name: string): void {
    const hold = this.holds.get(name);
    if (!hold) return;
    this.holds.delete(name);
    if (hold.heldUntil.getTime() > Date.now()) this.counted(hold.userId);
  }

  private counted(userId: Id): void {
    this.holdWrites.set(userId, this.holdVersion(userId) + 1);
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
