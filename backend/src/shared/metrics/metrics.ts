/**
 * The product's measurements, as the modules record them: counters, histograms, and values read when the
 * operators' Prometheus scrapes (see PrometheusMetrics, the adapter, and the README's Metrics section).
 * Names follow Prometheus conventions (snake_case, `linkbio_` prefix, `_total` for counters, base units).
 * Metrics of the same name are one metric: asking twice gives the same one.
 */
export abstract class Metrics {
  abstract counter<L extends string = never>(spec: MetricSpec<L>): Counter<L>;
  abstract histogram<L extends string = never>(spec: MetricSpec<L> & { buckets: readonly number[] }): Histogram<L>;
  /**
   * A value read at each scrape by `read`. A read that fails, or does not answer within a second (a store
   * that is away), leaves the metric without samples for that scrape instead of holding the scrape up.
   */
  abstract gauge<L extends string = never>(spec: MetricSpec<L> & { read: () => Promise<Sample<L>[]> | Sample<L>[] }): void;
}

export interface MetricSpec<L extends string> {
  name: string;
  help: string;
  labelNames?: readonly L[];
}

export type Labels<L extends string> = Readonly<Record<L, string>>;

export interface Sample<L extends string> {
  labels?: Labels<L>;
  value: number;
}

export interface Counter<L extends string> {
  inc(...args: [L] extends [never] ? [by?: number] : [labels: Labels<L>, by?: number]): void;
}

export interface Histogram<L extends string> {
  observe(...args: [L] extends [never] ? [value: number] : [labels: Labels<L>, value: number]): void;
  /** One series (these label values), to keep and observe often: observing it allocates nothing. */
  series(labels: Labels<L>): HistogramSeries;
}

export interface HistogramSeries {
  observe(value: number): void;
}
