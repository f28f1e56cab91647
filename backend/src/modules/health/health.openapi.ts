import type { RecorderBacklog } from '../analytics/application/ports/analytics-recorder.js';
import { arrayOf, component, constant, integer, object, objectOf, oneOfValues, optional, string } from '../../shared/http/openapi/schema.js';

/** The health answers' shapes, for the API description (HealthController makes them). */
const store = oneOfValues(['up', 'down', 'not configured']);
const analytics = optional({
  ...objectOf<RecorderBacklog>()({ held: integer, dropped: integer }),
  description: 'Present while views and clicks are held in memory (the queue was away) or some were dropped.',
});
const up = { status: constant('ok') };
const down = { statusCode: constant(503), message: string };

export const Live = component('Live', object(up));

export const Health = component('Health', object({ ...up, database: store, redis: store, analytics }));
export const Unhealthy = component('Unhealthy', object({ ...down, database: store, redis: store, analytics }));

const readiness = {
  database: store,
  redis: store,
  migrations: oneOfValues(['current', 'pending', 'unknown']),
  pendingMigrations: optional(arrayOf(string)),
  schedules: oneOfValues(['present', 'missing', 'unknown']),
  missingSchedules: optional(arrayOf(string)),
};
export const Ready = component('Ready', object({ ...up, ...readiness }));
export const NotReady = component('NotReady', object({ ...down, ...readiness }));
