import { Injectable } from '@nestjs/common';
import { Messages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { DomainError } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { userNotFound } from '../domain/identity.errors.js';
import type { User } from '../domain/user.js';
import { renameUser } from '../domain/username-hold.js';
import { assertUsernameShape } from '../domain/username.js';
import { UsernameChangeRateLimit } from './ports/username-change-rate-limit.js';
import { UserRepository } from './ports/user.repository.js';

/**
 * A creator's new username (issue 14): the rules of renameUser, checked and applied in one transaction that
 * holds both names (UserRepository.rename), so no sign-up or other rename claims either meanwhile. The old
 * name stays the creator's for OLD_USERNAME_HELD_DAYS: its address forwards to the new one, nobody else may
 * claim it, and the creator may take it back. Links, analytics, bookings and the QR code follow the account,
 * as they key on its id.
 */
@Injectable()
export class ChangeUsernameUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly rateLimit: UsernameChangeRateLimit,
    private readonly clock: Clock,
  ) {}

  async execute(userId: Id, username: string): Promise<User> {
    assertUsernameShape(username);
    const wait = await this.rateLimit.consume(userId);
    if (wait !== null) throw new DomainError('too_many', Messages.tooManyAttempts(Math.ceil(wait / 60)), { retryAfterSeconds: wait });
    const now = this.clock.now();
    const user = await this.users.rename(userId, username, (stored, hold) => renameUser(stored, username, hold, now));
    if (!user) throw userNotFound();
    return user;
  }
}
