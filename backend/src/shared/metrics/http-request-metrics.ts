import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HistogramSeries, Metrics } from './metrics.js';

/** The route of a request that matched none (a 404, a scanner's probe): never the raw URL, whose values are endless. */
export const UNMATCHED_ROUTE = 'unmatched';

const ROUTE = Symbol('route');

interface Timed extends ServerResponse {
  [ROUTE]?: string;
}

interface RoutedRequest extends IncomingMessage {
  /** Express's matched route (Nest's controllers), set on the request as Express routes it. */
  route?: { path?: unknown };
  originalUrl?: string;
}

/** A handler mounted on a path prefix (a static folder, the queues' dashboard): its requests count under `label`. */
export interface Mount {
  prefix: string;
  label: string;
}

const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/**
 * Names the route of a request answered before Express (the fast paths): a constant, the route's pattern as
 * its controller declares it, so that both ways of answering count in the same series.
 */
export function labelRoute(response: ServerResponse, route: string): void {
  (response as Timed)[ROUTE] = route;
}

/**
 * Names the route of an answered request, for its timing and its log line: the fast paths' own label, else
 * Express's matched route (Nest's controllers), else the mounted handler's prefix, else UNMATCHED_ROUTE.
 */
export function routeNamer(mounts: readonly Mount[] = []): (request: IncomingMessage, response: ServerResponse) => string {
  return (request, response) => {
    const labelled = (response as Timed)[ROUTE];
    if (labelled !== undefined) return labelled;
    const path = (request as RoutedRequest).route?.path;
    if (typeof path === 'string') return path;
    const url = (request as RoutedRequest).originalUrl ?? request.url ?? '/';
    for (const mount of mounts) {
      if (url.startsWith(mount.prefix) && (url.length === mount.prefix.length || '/?'.includes(url[mount.prefix.length]!))) return mount.label;
    }
    return UNMATCHED_ROUTE;
  };
}

/** Records one answered request's time. */
export type RequestTiming = (route: string, method: string, status: number, seconds: number) => void;

/**
 * `linkbio_http_request_duration_seconds` by method, route pattern and status: the time from the request's
 * arrival at the server to the response's last byte handed to the system (see the request observer). Per
 * request this is three map look-ups: the series are kept by route, method and status, so no label object
 * is made once a series exists.
 */
export function requestTimings(metrics: Metrics): RequestTiming {
  const histogram = metrics.histogram({
    name: 'linkbio_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route pattern and status.',
    labelNames: ['method', 'route', 'status', 'status_class'],
    buckets: BUCKETS,
  });
  const byRoute = new Map<string, Map<string, Map<number, HistogramSeries>>>();

  return (route, method, status, seconds) => {
    let byMethod = byRoute.get(route);
    if (!byMethod) byRoute.set(route, (byMethod = new Map()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      const statusClass = STATUS_CLASSES[Math.floor(status / 100)] ?? 'other';
      series = histogram.series({ method, route, status: String(status), status_class: statusClass });
      byStatus.set(status, series);
    }
    series.observe(seconds);
  };
}
