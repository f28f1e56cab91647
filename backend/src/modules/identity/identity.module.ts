import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import type { Env } from '../../config/env.js';
import { ENV, PG_POOL, REDIS } from '../../shared/infrastructure/infrastructure.tokens.js';
import { limitersOver } from '../../shared/infrastructure/rate-limiters.js';
import { AuthenticateUseCase } from './application/authenticate.use-case.js';
import { AttemptLimiter } from './application/ports/attempt-limiter.js';
import { PasswordHasher } from './application/ports/password-hasher.js';
import { UserRepository } from './application/ports/user.repository.js';
import { RegisterUseCase } from './application/register.use-case.js';
import { UpdateSettingsUseCase } from './application/update-settings.use-case.js';
import { AuthController } from './http/auth.controller.js';
import { UsersController } from './http/users.controller.js';
import { Argon2PasswordHasher } from './infrastructure/argon2-password.hasher.js';
import { FlexibleAttemptLimiter } from './infrastructure/flexible-attempt.limiter.js';
import { LocalStrategy } from './infrastructure/local.strategy.js';
import { MikroOrmUserRepository } from './infrastructure/mikro-orm-user.repository.js';
import { SessionSerializer } from './infrastructure/session.serializer.js';

@Module({
  imports: [PassportModule.register({ session: true })],
  controllers: [AuthController, UsersController],
  providers: [
    { provide: UserRepository, useClass: MikroOrmUserRepository },
    { provide: PasswordHasher, useClass: Argon2PasswordHasher },
    {
      provide: AttemptLimiter,
      inject: [ENV, PG_POOL, REDIS],
      useFactory: (env: Env, pool: pg.Pool, redis: Redis | null) =>
        new FlexibleAttemptLimiter(limitersOver({ redis, pool, redisKeyPrefix: env.REDIS_KEY_PREFIX })),
    },
    RegisterUseCase,
    AuthenticateUseCase,
    UpdateSettingsUseCase,
    LocalStrategy,
    SessionSerializer,
  ],
  exports: [UserRepository],
})
export class IdentityModule {}
