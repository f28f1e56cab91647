import type { Provider } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type pg from 'pg';
import { type Env, sessionSecrets } from '../../config/env.js';
import { ENV, PG_POOL, REDIS } from '../../shared/infrastructure/infrastructure.tokens.js';
import { MikroOrmTransactions } from '../../shared/infrastructure/mikro-orm.transactions.js';
import { Transactions } from '../../shared/transactions.js';
import { ChangePasswordUseCase } from './application/change-password.use-case.js';
import { AccountEmails } from './application/ports/account-emails.js';
import { AccountSessions } from './application/ports/account-sessions.js';
import { BackgroundWork } from './application/ports/background-work.js';
import { PasswordResetTokens } from './application/ports/password-reset-tokens.js';
import { RequestPasswordResetUseCase } from './application/request-password-reset.use-case.js';
import { ResetPasswordUseCase } from './application/reset-password.use-case.js';
import { SignedInSessionsUseCase } from './application/signed-in-sessions.use-case.js';
import { DeviceCookies } from './http/device-cookie.js';
import { PasswordController } from './http/password.controller.js';
import { SessionsController } from './http/sessions.controller.js';
import { SignInRecorder } from './http/sign-in.recorder.js';
import { SESSION_STORE } from './identity.tokens.js';
import { InProcessBackgroundWork } from './infrastructure/in-process-background-work.js';
import { OutboxAccountEmails } from './infrastructure/outbox-account-emails.js';
import { PostgresPasswordResetTokens } from './infrastructure/postgres-password-reset-tokens.js';
import { PostgresSessionRegistry } from './infrastructure/postgres-session-registry.js';
import { createSessionStore } from './infrastructure/session-store.js';
import { StoreAccountSessions } from './infrastructure/store-account-sessions.js';

/**
 * The account's security (issue 14): password change and reset, signed-in devices, device cookies. Part of
 * the identity module (its sign-in and sign-up use them too); the module imports EmailModule for the outbox.
 */
export const ACCOUNT_SECURITY_CONTROLLERS = [PasswordController, SessionsController];

export const ACCOUNT_SECURITY_PROVIDERS: Provider[] = [
  PostgresSessionRegistry,
  {
    provide: SESSION_STORE,
    inject: [ENV, PG_POOL, REDIS, PostgresSessionRegistry],
    useFactory: (env: Env, pool: pg.Pool, redis: Redis | null, registry: PostgresSessionRegistry) =>
      createSessionStore(redis, pool, env.REDIS_KEY_PREFIX, registry),
  },
  { provide: AccountSessions, useClass: StoreAccountSessions },
  { provide: PasswordResetTokens, useClass: PostgresPasswordResetTokens },
  { provide: AccountEmails, useClass: OutboxAccountEmails },
  { provide: BackgroundWork, useClass: InProcessBackgroundWork },
  { provide: Transactions, useClass: MikroOrmTransactions },
  { provide: DeviceCookies, inject: [ENV], useFactory: (env: Env) => new DeviceCookies(sessionSecrets(env)) },
  SignedInSessionsUseCase,
  ChangePasswordUseCase,
  RequestPasswordResetUseCase,
  ResetPasswordUseCase,
  SignInRecorder,
];
