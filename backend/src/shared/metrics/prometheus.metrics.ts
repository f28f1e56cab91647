import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { collectDefaultMetrics, Counter as PromCounter, Gauge as PromGauge, Registry, validateMetricName } from 'prom-client';
import { within } from '../within.js';
import { Metrics, type Counter, type Histogram, type HistogramSeries, type Labels, type MetricSpec, type Sample } from './metrics.js';

/** Where Prometheus scrapes, on the API's port (operators only) or on METRICS_PORT / WORKER_METRICS_PORT. */
export const METRICS_PATH = '/metrics';
/** A value read at scrape time waits this long at most: a store that is away never holds the scrape up. */
const READ_MS = 1000;

/**
 * The Metrics port on prom-client: one registry per process (per app in the tests), exposed in Prometheus's
 * text format. Histograms keep their own series so that observing a kept series allocates nothing (the
 * request timing sits on the hot paths); counters and scrape-time gauges are prom-client's.
 */
@Injectable()
export class PrometheusMetrics extends Metrics implements OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  readonly registry = new Registry();
  private readonly made = new Map<string, { kind: string; metric: unknown }>();
  private defaults = false;
  private server: Server | null = null;

  counter<L extends string = never>(spec: MetricSpec<L>): Counter<L> {
    return this.once(spec.name, 'counter', () => {
      const counter = new PromCounter({ name: spec.name, help: spec.help, labelNames: [...(spec.labelNames ?? [])], registers: [this.registry] });
      return {
        inc: (...args: unknown[]) => {
          if (typeof args[0] === 'object' && args[0] !== null) counter.inc(args[0] as Partial<Record<L, string>>, (args[1] as number | undefined) ?? 1);
          else counter.inc((args[0] as number | undefined) ?? 1);
        },
      } as Counter<L>;
    });
  }

  histogram<L extends string = never>(spec: MetricSpec<L> & { buckets: readonly number[] }): Histogram<L> {
    return this.once(spec.name, 'histogram', () => {
      const histogram = new SeriesHistogram<L>(spec.name, spec.help, spec.labelNames ?? [], spec.buckets);
      this.registry.registerMetric(histogram as never);
      return histogram;
    });
  }

  gauge<L extends string = never>(spec: MetricSpec<L> & { read: () => Promise<Sample<L>[]> | Sample<L>[] }): void {
    this.once(spec.name, 'gauge', () => {
      let reading: Promise<Sample<L>[]> | null = null;
      const logger = this.logger;
      return new PromGauge<L>({
        name: spec.name,
        help: spec.help,
        labelNames: [...(spec.labelNames ?? [])],
        registers: [this.registry],
        async collect() {
          this.reset();
          // A read still waiting from an earlier scrape is not asked again: no pile-up while a store is away.
          if (reading) return;
          reading = within(Promise.resolve().then(spec.read), READ_MS);
          try {
            for (const sample of await reading) {
              if (sample.labels) this.set(sample.labels as Partial<Record<L, string>>, sample.value);
              else this.set(sample.value);
            }
          } catch (error) {
            logger.warn(`${spec.name} not read: ${error instanceof Error ? error.message : String(error)}`);
          } finally {
            reading = null;
          }
        },
      });
    });
  }

  /** The process's own measurements (CPU, memory, event loop, GC, handles), as prom-client collects them. */
  collectProcessMetrics(): void {
    if (this.defaults) return;
    this.defaults = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** Every metric in Prometheus's text format. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  /** Answers a scrape (GET or HEAD) with the text format; whoever mounts it decides who may ask. */
  readonly answer = (request: IncomingMessage, response: ServerResponse): void => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    this.text().then(
      (body) => {
        response.writeHead(200, { 'Content-Type': this.registry.contentType, 'Cache-Control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        this.logger.error(`Metrics not collected: ${error instanceof Error ? error.message : String(error)}`);
        if (!response.headersSent) response.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('Metrics could not be collected\n');
      },
    );
  };

  /**
   * Serves /metrics on a port of its own, without credentials (for a network only Prometheus reaches).
   * Resolves with the port listened on (0 asks the system for a free one).
   */
  async listen(port: number, host?: string): Promise<number> {
    const server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      if (path === METRICS_PATH) return this.answer(request, response);
      response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`Not found: metrics are at ${METRICS_PATH}\n`);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
    return (server.address() as AddressInfo).port;
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  /** The metric of that name, made on first use; the same kind is asked every time. */
  private once<T>(name: string, kind: string, make: () => T): T {
    const existing = this.made.get(name);
    if (existing) {
      if (existing.kind !== kind) throw new Error(`Metric ${name} is a ${existing.kind}, not a ${kind}`);
      return existing.metric as T;
    }
    const metric = make();
    this.made.set(name, { kind, metric });
    return metric;
  }
}

/** One histogram series: counts per bucket (not cumulative), their sum and count. */
class Series implements HistogramSeries {
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length);
  }

  observe(value: number): void {
    if (!Number.isFinite(value)) return;
    this.sum += value;
    this.count += 1;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i += 1) {
      if (value <= bounds[i]!) {
        this.counts[i]! += 1;
        return;
      }
    }
  }
}

/** A histogram whose series are kept by their label values, shown to prom-client's registry as a metric of its own. */
class SeriesHistogram<L extends string> implements Histogram<L> {
  readonly type = 'histogram';
  readonly aggregator = 'sum';
  private readonly all = new Map<string, Series>();
  private readonly bounds: number[];
  private readonly le: string[];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelNames: readonly string[],
    buckets: readonly number[],
  ) {
    if (!validateMetricName(name)) throw new Error(`Invalid metric name: ${name}`);
    this.bounds = [...buckets].sort((a, b) => a - b);
    this.le = this.bounds.map(String);
  }

  series(labels: Labels<L>): HistogramSeries {
    const given = labels as Readonly<Record<string, string>>;
    const key = this.labelNames.map((name) => given[name]).join('\u0000');
    let series = this.all.get(key);
    if (!series) {
      for (const name of Object.keys(given)) if (!this.labelNames.includes(name)) throw new Error(`${this.name} has no label ${name}`);
      series = new Series(Object.fromEntries(this.labelNames.map((name) => [name, String(given[name] ?? '')])), this.bounds);
      this.all.set(key, series);
    }
    return series;
  }

  observe(...args: unknown[]): void {
    const [labels, value] = args.length >= 2 ? [args[0] as Labels<L>, args[1] as number] : [{} as Labels<L>, args[0] as number];
    this.series(labels).observe(value);
  }

  /** prom-client's shape of a histogram: cumulative buckets, then sum and count, per series. */
  get() {
    const values: Array<{ metricName: string; labels: Record<string, string | number>; value: number }> = [];
    for (const series of this.all.values()) {
      let cumulative = 0;
      for (let i = 0; i < this.bounds.length; i += 1) {
        cumulative += series.counts[i]!;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le: this.le[i]! }, value: cumulative });
      }
      values.push({ metricName: `${this.name}_bucket`, labels: { ...series.labels, le: '+Inf' }, value: series.count });
      values.push({ metricName: `${this.name}_sum`, labels: series.labels, value: series.sum });
      values.push({ metricName: `${this.name}_count`, labels: series.labels, value: series.count });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator });
  }

  reset(): void {
    this.all.clear();
  }
}
