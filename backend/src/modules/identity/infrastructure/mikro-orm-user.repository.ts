import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import type { Id } from '../../../shared/ids.js';
import { UserRepository } from '../application/ports/user.repository.js';
import { emailTaken, usernameTaken } from '../domain/identity.errors.js';
import { User } from '../domain/user.js';

@Injectable()
export class MikroOrmUserRepository extends UserRepository {
  constructor(private readonly em: EntityManager) {
    super();
  }

  findById(id: Id): Promise<User | null> {
    return this.em.findOne(User, { id });
  }

  findByEmail(email: string): Promise<User | null> {
    if (email.includes('\u0000')) return Promise.resolve(null); // PostgreSQL text cannot hold NUL: nobody matches
    return this.em.createQueryBuilder(User).where('lower(email) = ?', [email.toLowerCase()]).getSingleResult();
  }

  findByUsername(username: string): Promise<User | null> {
    if (username.includes('\u0000')) return Promise.resolve(null); // PostgreSQL text cannot hold NUL: nobody matches
    return this.em.createQueryBuilder(User).where('lower(username) = ?', [username.toLowerCase()]).getSingleResult();
  }

  async add(user: User): Promise<void> {
    try {
      await this.em.persistAndFlush(user);
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        this.em.clear();
        const constraint = (error as unknown as { constraint?: string }).constraint ?? error.message;
        throw constraint.includes('users_username_unique') ? usernameTaken() : emailTaken();
      }
      throw error;
    }
  }

  async save(user: User): Promise<void> {
    await this.em.persistAndFlush(user);
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
