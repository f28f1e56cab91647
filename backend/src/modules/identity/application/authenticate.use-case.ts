import { Injectable } from '@nestjs/common';
import { invalidCredentials } from '../domain/identity.errors.js';
import type { User } from '../domain/user.js';
import { PasswordHasher } from './ports/password-hasher.js';
import { UserRepository } from './ports/user.repository.js';

@Injectable()
export class AuthenticateUseCase {
  private decoyHash: Promise<string> | null = null;

  constructor(
    private readonly users: UserRepository,
    private readonly hasher: PasswordHasher,
  ) {}

  /** The same error, after the same work, whether the e-mail is unknown or the password wrong. */
  async execute(email: string, password: string): Promise<User> {
    const user = await this.users.findByEmail(email.trim());
    if (!user) {
      this.decoyHash ??= this.hasher.hash('decoy password for unknown accounts');
      await this.hasher.verify(await this.decoyHash, password);
      throw invalidCredentials();
    }
    if (!(await this.hasher.verify(user.passwordHash, password))) throw invalidCredentials();
    return user;
  }
}
