import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Env } from '../../config/env.js';
import { EmailModule } from '../../shared/email/email.module.js';
import { ENV, PG_POOL, REDIS } from '../../shared/infrastructure/infrastructure.tokens.js';
import { limitersOver, rateLimitProvider } from '../../shared/infrastructure/rate-limiters.js';
import { ACCOUNT_SECURITY_CONTROLLERS, ACCOUNT_SECURITY_PROVIDERS } from './account-security.providers.js';
import { EMAIL_ADDRESS_CONTROLLERS, EMAIL_ADDRESS_PROVIDERS } from './email-address.providers.js';
import { AuthenticateUseCase } from './application/authenticate.use-case.js';
import { ChangeUsernameUseCase } from './application/change-username.use-case.js';
import { AccountSessions } from './application/ports/account-sessions.js';
import { AttemptLimiter } from './application/ports/attempt-limiter.js';
import { PasswordHasher } from './application/ports/password-hasher.js';
import { UserRepository } from './application/ports/user.repository.js';
import { USERNAME_CHANGES_PER_HOUR, UsernameChangeRateLimit } from './application/ports/username-change-rate-limit.js';
import { RegisterUseCase } from './application/register.use-case.js';
import { UpdateSettingsUseCase } from './application/update-settings.use-case.js';
import { AccountProfileController } from './http/account-profile.controller.js';
import { AuthController } from './http/auth.controller.js';
import { UsersController } from './http/users.controller.js';
import { Argon2PasswordHasher } from './infrastructure/argon2-password.hasher.js';
import { FlexibleAttemptLimiter } from './infrastructure/flexible-attempt.limiter.js';
import { LocalStrategy } from './infrastructure/local.strategy.js';
import { MikroOrmUserRepository } from './infrastructure/mikro-orm-user.repository.js';
import { SessionSerializer } from './infrastructure/session.serializer.js';
import { SESSION_STORE } from './identity.tokens.js';
import { TWO_FACTOR_CONTROLLERS, TWO_FACTOR_PROVIDERS } from './two-factor.providers.js';

@Module({
  imports: [PassportModule.register({ session: true }), EmailModule],
  controllers: [AuthController, UsersController, AccountProfileController, ...ACCOUNT_SECURITY_CONTROLLERS, ...TWO_FACTOR_CONTROLLERS, ...EMAIL_ADDRESS_CONTROLLERS],
  providers: [
    { provide: UserRepository, useClass: MikroOrmUserRepository },
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
    {
      provide: AttemptLimiter,
      inject: [ENV, PG_POOL, REDIS],
      useFactory: (env: Env, pool: pg.Pool, redis: Redis | null) =>
        new FlexibleAttemptLimiter(limitersOver({ redis, pool, redisKeyPrefix: env.REDIS_KEY_PREFIX })),
    },
    rateLimitProvider(UsernameChangeRateLimit, 'username_change', USERNAME_CHANGES_PER_HOUR, 60 * 60),
    ChangeUsernameUseCase,
    RegisterUseCase,
    AuthenticateUseCase,
    UpdateSettingsUseCase,
    LocalStrategy,
    SessionSerializer,
    ...ACCOUNT_SECURITY_PROVIDERS,
    ...TWO_FACTOR_PROVIDERS,
    ...EMAIL_ADDRESS_PROVIDERS,
  ],
  exports: [UserRepository, SESSION_STORE, PasswordHasher, AttemptLimiter, AccountSessions],
})
export class IdentityModule {}
