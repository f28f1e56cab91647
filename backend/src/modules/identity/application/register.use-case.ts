import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { emailTaken, usernameHeld, usernameTaken } from '../domain/identity.errors.js';
import { User } from '../domain/user.js';
import { isHeldAt } from '../domain/username-hold.js';
import { assertClaimableUsername } from '../domain/username.js';
import { PasswordHasher } from './ports/password-hasher.js';
import { UserRepository } from './ports/user.repository.js';

export interface RegisterCommand {
  username: string;
  email: string;
  password: string;
  displayName: string;
  bio?: string | null;
}

@Injectable()
export class RegisterUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
    private readonly clock: Clock,
  ) {}

  async execute(command: RegisterCommand): Promise<User> {
    const username = assertClaimableUsername(command.username);
    const email = command.email.trim();
    if (await this.users.findByUsername(username)) throw usernameTaken();
    const now = this.clock.now();
    // Checked here to answer before the password is hashed; add() checks again under the name's lock.
    if (isHeldAt(await this.users.findHold(username), now)) throw usernameHeld();
    if (await this.users.findByEmail(email)) throw emailTaken();
    const user = User.register(
      {
        username,
        email,
        passwordHash: await this.hasher.hash(command.password),
        displayName: command.displayName.trim(),
        bio: command.bio?.trim() || null,
      },
      now,
    );
    await this.users.add(user);
    return user;
  }
}
