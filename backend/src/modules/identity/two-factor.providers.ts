import type { Provider, Type } from '@nestjs/common';
import type pg from 'pg';
import { type Env, sessionSecrets } from '../../config/env.js';
import { ENV, PG_POOL } from '../../shared/infrastructure/infrastructure.tokens.js';
import { Totp } from './application/ports/totp.js';
import { TwoFactorStore } from './application/ports/two-factor.store.js';
import { TwoFactorUseCase } from './application/two-factor.use-case.js';
import { TwoFactorController } from './http/two-factor.controller.js';
import { OtpauthTotp } from './infrastructure/otpauth-totp.js';
import { PostgresTwoFactorStore } from './infrastructure/postgres-two-factor.store.js';

/** Two-factor sign-in (TOTP and recovery codes), spread into IdentityModule. */
export const TWO_FACTOR_CONTROLLERS: Type[] = [TwoFactorController];

export const TWO_FACTOR_PROVIDERS: Provider[] = [
  {
    provide: TwoFactorStore,
    inject: [PG_POOL, ENV],
    useFactory: (pool: pg.Pool, env: Env) => new PostgresTwoFactorStore(pool, sessionSecrets(env)),
  },
  { provide: Totp, useClass: OtpauthTotp },
  TwoFactorUseCase,
];
