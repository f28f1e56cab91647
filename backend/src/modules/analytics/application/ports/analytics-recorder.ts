import type { AnalyticsEvent } from '../../domain/analytics.js';

/** Where views and clicks go. Recording must stay cheap: it sits on the public request paths. */
export abstract class AnalyticsRecorder {
  abstract record(event: AnalyticsEvent): Promise<void>;
  /** Events recorded but not yet handed on (held while the queue is away), and those dropped since the start. */
  abstract backlog(): RecorderBacklog;
}

export interface RecorderBacklog {
  held: number;
  dropped: number;
}
