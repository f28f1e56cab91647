import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { UserRepository } from '../application/ports/user.repository.js';
import type { User } from '../domain/user.js';

/** What passport's chain of (de)serializers takes as "not mine, ask the next one". */
const PASS = 'pass' as unknown as Error;

/**
 * The session holds the user id only; each request loads the current user afresh. Passport keeps its
 * serializers process-wide: once this app has shut down (its pools closed), it passes to the next app's.
 */
@Injectable()
export class SessionSerializer extends PassportSerializer implements OnApplicationShutdown {
  private closed = false;

  constructor(private readonly users: UserRepository) {
    super();
  }

  onApplicationShutdown(): void {
    this.closed = true;
  }

  serializeUser(user: User, done: (err: Error | null, id?: string) => void): void {
    if (this.closed) return done(PASS);
    done(null, user.id);
  }

  deserializeUser(id: string, done: (err: Error | null, user?: User | false) => void): void {
    if (this.closed) return done(PASS);
    this.users.readById(id).then(
      // A deleted account's session is signed in to nothing, even before its ending reaches the store.
      (user) => done(null, user && !user.deletedAt ? user : false),
      (error: Error) => done(error),
    );
  }
}
