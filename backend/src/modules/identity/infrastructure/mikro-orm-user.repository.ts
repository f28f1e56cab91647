import { Inject, Injectable } from '@nestjs/common';
import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type pg from 'pg';
import { PG_POOL } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { rowAsEntity } from '../../../shared/infrastructure/row-as-entity.js';
import { GroupedReads } from '../../../shared/grouped-reads.js';
import { isId, type Id } from '../../../shared/ids.js';
import { UserRepository } from '../application/ports/user.repository.js';
import { emailTaken, usernameHeld, usernameTaken } from '../domain/identity.errors.js';
import { User } from '../domain/user.js';
import { isHeldAt, type UsernameHold } from '../domain/username-hold.js';
import { dropEndedHold, dropHold, holdIn, holdOf, lockNames, nameTakenIn, putHold } from './postgres-username-holds.js';

@Injectable()
export class MikroOrmUserRepository extends UserRepository {
  private readByIdSql: string | undefined;

  constructor(
    private readonly em: EntityManager,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {
    super();
  }

  findById(id: Id): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  /**
   * Every request of a signed-in creator reads their row: a plain prepared statement, no unit of work to
   * hydrate; the rows asked for at once are read in one query (GroupedReads), each read getting a user of its own.
   */
  async readById(id: Id): Promise<User | null> {
    if (!isId(id)) return null;
    const row = await this.rowsById.read(id.toLowerCase());
    return row ? rowAsEntity(User, row) : null;
  }

  /** Every column of the user, as the property it maps to: rows holding every field a User declares. */
  private readonly rowsById = new GroupedReads<Id, object>(async (ids) => {
    this.readByIdSql ??= `select ${columnsAsProperties(this.em, User)} from users where id = any($1::uuid[])`;
    const { rows } = await this.pool.query<{ id: Id }>({ name: 'users-by-id', text: this.readByIdSql, values: [ids] });
    return new Map(rows.map((row) => [row.id, row]));
  });

  findByEmail(email: string): Promise<User | null> {
    if (email.includes('\u0000')) return Promise.resolve(null); // PostgreSQL text cannot hold NUL: nobody matches
    return this.em.createQueryBuilder(User).where('lower(email) = ?', [email.toLowerCase()]).getSingleResult();
  }

  findByUsername(username: string): Promise<User | null> {
    if (username.includes('\u0000')) return Promise.resolve(null); // PostgreSQL text cannot hold NUL: nobody matches
    return this.em.createQueryBuilder(User).where('lower(username) = ?', [username.toLowerCase()]).getSingleResult();
  }

  async add(user: User): Promise<void> {
    const name = user.username.toLowerCase();
    try {
      // The name's lock first (renames take it too), then the hold, then the row: one claim of a name at a time.
      await this.em.transactional(async (em) => {
        await lockNames(em, [name]);
        const hold = await holdIn(em, name);
        if (isHeldAt(hold, user.createdAt)) throw usernameHeld();
        if (hold) await dropEndedHold(em, name, user.createdAt);
        em.persist(user);
      });
    } catch (error) {
      throw uniqueViolationAsDomainError(error);
    }
  }

  findHold(username: string): Promise<UsernameHold | null> {
    if (username.includes('\u0000')) return Promise.resolve(null); // PostgreSQL text cannot hold NUL: nobody matches
    return holdOf(this.pool, username.toLowerCase());
  }

  async rename(id: Id, username: string, rename: (user: User, hold: UsernameHold | null) => UsernameHold): Promise<User | null> {
    const name = username.toLowerCase();
    try {
      // The row first (its current name is known only then), then both names' locks, in hash order.
      return await this.em.fork().transactional(async (em) => {
        const user = await em.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
        if (!user) return null;
        await lockNames(em, [user.username.toLowerCase(), name]);
        const left = rename(user, await holdIn(em, name));
        if (await nameTakenIn(em, name, user.id)) throw usernameTaken();
        await dropHold(em, name);
        await putHold(em, left);
        return user;
      });
    } catch (error) {
      throw uniqueViolationAsDomainError(error);
    }
  }

  async save(user: User): Promise<void> {
    try {
      await this.em.persistAndFlush(user);
    } catch (error) {
      // A new e-mail address another account took meanwhile (the unique index decides between two).
      throw uniqueViolationAsDomainError(error);
    }
  }

  change(id: Id, change: (user: User) => void): Promise<User | null> {
    // A fork of its own: a change that throws leaves its half-changed entity there, never in a context a
    // later flush would write.
    return this.em.fork().transactional(async (em) => {
      const user = await em.findOne(User, { id }, { lockMode: LockMode.PESSIMISTIC_WRITE, refresh: true });
      if (!user) return null;
      change(user);
      return user;
    });
  }
}

/** A unique index's violation as the conflict it means; anything else as it is. */
function uniqueViolationAsDomainError(error: unknown): unknown {
  if (!(error instanceof UniqueConstraintViolationException)) return error;
  const constraint = (error as unknown as { constraint?: string }).constraint ?? error.message;
  return constraint.includes('users_username_unique') ? usernameTaken() : emailTaken();
}

/** The entity's columns, each named as its property (`display_name as "displayName"`), as its mapping says. */
function columnsAsProperties(em: EntityManager, entity: { name: string }): string {
  return em
    .getMetadata()
    .get(entity.name)
    .props.filter((prop) => prop.persist !== false && prop.fieldNames?.length === 1)
    .map((prop) => `${prop.fieldNames[0]} as "${prop.name}"`)
    .join(', ');
}
