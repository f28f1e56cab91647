import type { AnalyticsEvent } from '../../domain/analytics.js';

/** Where views and clicks go. Recording must stay cheap: it sits on the public request paths. */
export abstract class AnalyticsRecorder {
  abstract record(event: AnalyticsEvent): Promise<void>;
}
