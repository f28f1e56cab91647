import { Injectable } from '@nestjs/common';
import {
  ANALYTICS_RANGE_DAYS,
  AnalyticsMessages,
  DEFAULT_ANALYTICS_RANGE_DAYS,
  DEVICE_CLASSES,
  TOP_REFERRERS_LIMIT,
  type AnalyticsRangeDays,
  type DailyAnalyticsView,
} from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { forbidden, invalid } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { clickRate } from '../domain/analytics.js';
import { AnalyticsReader, type DayRange } from './ports/analytics-reader.js';
import { OwnedLinks } from './ports/owned-links.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * The `days` of a request: absent means the default (30); otherwise exactly "7", "30" or "90" (no sign,
 * padding, decimals or repeats), else 400.
 */
export function parseRangeDays(raw: unknown): AnalyticsRangeDays {
  if (raw === undefined) return DEFAULT_ANALYTICS_RANGE_DAYS;
  const days = ANALYTICS_RANGE_DAYS.find((candidate) => String(candidate) === raw);
  if (days === undefined) throw invalid(AnalyticsMessages.invalidRange);
  return days;
}

const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The `days` UTC days ending with the day of `now`, both ends included. */
export function rangeEnding(now: Date, days: number): DayRange & { dates: string[] } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const dates = Array.from({ length: days }, (_, index) => utcDay(today - (days - 1 - index) * DAY_MS));
  return { from: dates[0], to: dates[dates.length - 1], dates };
}

/**
 * Daily analytics (a Premium extra, decisions.md): views and clicks for every day of the range, clicks per
 * current link, top referrer hosts and views per device class, over the last 7, 30 or 90 UTC days.
 */
@Injectable()
export class GetDailyAnalyticsUseCase {
  constructor(
    private readonly reader: AnalyticsReader,
    private readonly links: OwnedLinks,
    private readonly clock: Clock,
  ) {}

  async execute(creator: { id: Id; isPremium: boolean }, days: AnalyticsRangeDays): Promise<DailyAnalyticsView> {
    if (!creator.isPremium) throw forbidden(AnalyticsMessages.premiumOnly);
    const { dates, ...range } = rangeEnding(this.clock.now(), days);
    const [daily, linkClicks, referrers, devices, links] = await Promise.all([
      this.reader.dailyForOwner(creator.id, range),
      this.reader.linkClicksInRange(creator.id, range),
      this.reader.topReferrers(creator.id, range, TOP_REFERRERS_LIMIT),
      this.reader.viewsByDevice(creator.id, range),
      this.links.listForOwner(creator.id),
    ]);

    const byDay = new Map(daily.map((row) => [row.day, row]));
    const series = dates.map((date) => {
      const views = byDay.get(date)?.views ?? 0;
      const clicks = byDay.get(date)?.clicks ?? 0;
      return { date, views, clicks, clickRate: clickRate(clicks, views) };
    });
    const views = series.reduce((sum, day) => sum + day.views, 0);
    const clicks = series.reduce((sum, day) => sum + day.clicks, 0);

    return {
      days,
      from: range.from,
      to: range.to,
      series,
      // A stable sort: links with as many clicks keep the creator's list order.
      links: links
        .map((link) => ({ id: link.id, title: link.title, clicks: linkClicks.get(link.id) ?? 0 }))
        .sort((a, b) => b.clicks - a.clicks),
      referrers: referrers.slice(0, TOP_REFERRERS_LIMIT),
      devices: DEVICE_CLASSES.map((device) => ({ device, views: devices.get(device) ?? 0 })),
      totals: { views, clicks, clickRate: clickRate(clicks, views) },
    };
  }
}
