import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { UserRepository } from '../application/ports/user.repository.js';
import type { User } from '../domain/user.js';

/** The session holds the user id only; each request loads the current user afresh. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly users: UserRepository) {
    super();
  }

  serializeUser(user: User, done: (err: Error | null, id?: string) => void): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: (err: Error | null, user?: User | false) => void): void {
    this.users.readById(id).then(
      (user) => done(null, user ?? false),
      (error: Error) => done(error),
    );
  }
}
