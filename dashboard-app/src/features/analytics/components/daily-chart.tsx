import type { DailyAnalyticsPoint } from '@linkbio/shared-contracts';
import { cn } from '@/lib/cn';
import { formatCount, formatDay, formatRate, plural } from '../format';

const HEIGHT = 100;

/** The smallest of 2, 4, 6, 8, 10 × 10ⁿ at or above `value` (at least 2), so the halfway line is a whole number. */
export function niceMax(value: number): number {
  if (value <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 4, 6, 8, 10].map((step) => step * power).find((candidate) => candidate >= value) ?? 10 * power;
}

interface DailyChartProps {
  series: DailyAnalyticsPoint[];
  /** A sample drawn for decoration (the locked preview): no summary or data table for assistive technology. */
  decorative?: boolean;
  className?: string;
}

/**
 * Views (bars) and clicks (line) per day, drawn as SVG stretched to its box. Screen readers get a one-line
 * summary on the image and every day in a visually hidden table.
 */
export function DailyChart({ series, decorative = false, className }: DailyChartProps) {
  const max = niceMax(Math.max(0, ...series.map((point) => Math.max(point.views, point.clicks))));
  const y = (value: number) => HEIGHT - (value / max) * HEIGHT;
  const first = series[0];
  const last = series[series.length - 1];
  const middle = series[Math.floor((series.length - 1) / 2)];
  const views = series.reduce((sum, point) => sum + point.views, 0);
  const clicks = series.reduce((sum, point) => sum + point.clicks, 0);
  const summary =
    first && last
      ? `Views and clicks per day from ${formatDay(first.date)} to ${formatDay(last.date)}: ${plural(views, 'view')} and ${plural(clicks, 'click')} in all.`
      : 'No days to show.';
  const clickLine = series.map((point, index) => `${index + 0.5},${y(point.clicks)}`).join(' ');

  return (
    <figure className={cn('space-y-2', className)}>
      <div className="flex gap-2">
        {/* A decorative sample carries no text: nothing to read, nothing dimmed below legible contrast. */}
        {!decorative && (
          <div
            className="flex h-48 w-8 shrink-0 flex-col justify-between text-right text-xs text-muted-foreground tabular-nums"
            aria-hidden="true"
          >
            <span className="-translate-y-1/2">{formatCount(max)}</span>
            <span>{formatCount(max / 2)}</span>
            <span className="translate-y-1/2">0</span>
          </div>
        )}
        <div className="relative h-48 min-w-0 flex-1">
          <svg
            viewBox={`0 0 ${Math.max(series.length, 1)} ${HEIGHT}`}
            preserveAspectRatio="none"
            className="absolute inset-0 size-full overflow-visible"
            {...(decorative ? { 'aria-hidden': true } : { role: 'img', 'aria-label': summary })}
          >
            {[0, 0.25, 0.5, 0.75, 1].map((fraction) => (
              <line
                key={fraction}
                x1={0}
                x2={series.length}
                y1={HEIGHT * fraction}
                y2={HEIGHT * fraction}
                className="stroke-border"
                strokeWidth={1}
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {series.map((point, index) => (
              <rect
                key={point.date}
                x={index + 0.15}
                width={0.7}
                y={y(point.views)}
                height={HEIGHT - y(point.views)}
                className="fill-sky-400"
              >
                <title>{`${formatDay(point.date)}: ${plural(point.views, 'view')}, ${plural(point.clicks, 'click')}`}</title>
              </rect>
            ))}
            <polyline
              points={clickLine}
              fill="none"
              className="stroke-violet-600"
              strokeWidth={2}
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
            />
          </svg>
        </div>
      </div>
      {!decorative && (
        <>
          <div className="flex justify-between pl-10 text-xs text-muted-foreground" aria-hidden="true">
            <span>{first ? formatDay(first.date) : ''}</span>
            <span>{middle && series.length > 2 ? formatDay(middle.date) : ''}</span>
            <span>{last ? formatDay(last.date) : ''}</span>
          </div>
          <figcaption className="flex flex-wrap gap-4 pl-10 text-xs text-muted-foreground">
            <span className="inline-flex items-center gap-1.5">
              <span className="size-2.5 rounded-sm bg-sky-400" aria-hidden="true" /> Views
            </span>
            <span className="inline-flex items-center gap-1.5">
              <span className="h-0.5 w-3 rounded-full bg-violet-600" aria-hidden="true" /> Clicks
            </span>
          </figcaption>
        </>
      )}
      {/* A table is never narrower than its cells: the 1 px box around it keeps its width out of the page's. */}
      {!decorative && (
        <div className="sr-only">
          <table>
            <caption>{summary}</caption>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Views</th>
                <th scope="col">Clicks</th>
                <th scope="col">Click rate</th>
              </tr>
            </thead>
            <tbody>
              {series.map((point) => (
                <tr key={point.date}>
                  <th scope="row">{formatDay(point.date)}</th>
                  <td>{formatCount(point.views)}</td>
                  <td>{formatCount(point.clicks)}</td>
                  <td>{formatRate(point.clickRate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </figure>
  );
}
