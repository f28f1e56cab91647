import type { Provider } from '@nestjs/common';
import { type Env, sessionSecrets } from '../../config/env.js';
import { SecretSealer } from '../../shared/crypto/secret-sealer.js';
import { ENV } from '../../shared/infrastructure/infrastructure.tokens.js';
import { CalendarConnections } from './application/ports/calendar-connections.js';
import { CalendarServer } from './application/ports/calendar-server.js';
import { CALENDAR_PASSWORD_SEALER } from './calendars.tokens.js';
import { CalDavCalendarServer } from './infrastructure/caldav-calendar-server.js';
import { GuardedHttp } from './infrastructure/guarded-http.js';
import { PostgresCalendarConnections } from './infrastructure/postgres-calendar-connections.js';

/** A calendar server gets this long per request (connecting and answering) before it counts as unreachable. */
export const CALENDAR_TIMEOUT_MS = 10_000;

/** The calendar connections, their server and the sealer of app passwords: the same in the API and the worker. */
export const CALENDAR_PROVIDERS: Provider[] = [
  { provide: CalendarConnections, useClass: PostgresCalendarConnections },
  {
    provide: CalendarServer,
    inject: [ENV],
    useFactory: (env: Env) =>
      new CalDavCalendarServer(
        new GuardedHttp({
          allowPrivateNetworks: env.CALDAV_ALLOW_PRIVATE_NETWORKS === 'true',
          timeoutMs: CALENDAR_TIMEOUT_MS,
          maxRedirects: 3,
          maxBytes: 10 * 1024 * 1024,
        }),
      ),
  },
  {
    provide: CALENDAR_PASSWORD_SEALER,
    inject: [ENV],
    useFactory: (env: Env) => new SecretSealer(sessionSecrets(env), 'calendar password'),
  },
];
