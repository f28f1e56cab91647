import type pg from 'pg';
import { type Env, sessionSecrets } from '../config/env.js';
import { PostgresTwoFactorStore } from '../modules/identity/infrastructure/postgres-two-factor.store.js';
import { ENV, PG_POOL } from '../shared/infrastructure/infrastructure.tokens.js';
import { command, noPositionals, type OpsCommand } from './ops-command.js';

/** What rotating SESSION_SECRET needs besides the list itself (see the README's runbook). */
export const SECRET_COMMANDS: Record<string, OpsCommand> = {
  'secrets:reseal': command<void>({
    usage: 'secrets:reseal',
    summary:
      "Seal every account's two-factor secret with the newest SESSION_SECRET, so that older secrets can leave the list.",
    options: {},
    check: noPositionals,
    async run(app, _input, print) {
      const env = app.get<Env>(ENV);
      const store = new PostgresTwoFactorStore(app.get<pg.Pool>(PG_POOL), sessionSecrets(env));
      const { resealed, unreadable } = await store.resealAll();
      print(`${resealed} two-factor secret(s) sealed anew with the newest SESSION_SECRET.`);
      if (unreadable > 0) print(`${unreadable} sealed with a secret no longer listed: those accounts must set two-factor up again.`);
    },
  }),
};
