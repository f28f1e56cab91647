import { Injectable } from '@nestjs/common';
import type { AnalyticsView } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { clickRate } from '../domain/analytics.js';
import { AnalyticsReader } from './ports/analytics-reader.js';

@Injectable()
export class GetAnalyticsOverviewUseCase {
  constructor(private readonly reader: AnalyticsReader) {}

  /** `activeLinks` may still be on its way: the totals are read beside it, not after it. */
  async execute(ownerId: Id, activeLinks: number | Promise<number>): Promise<AnalyticsView> {
    const [{ views, clicks }, active] = await Promise.all([this.reader.totalsForOwner(ownerId), activeLinks]);
    return { totalClicks: clicks, totalViews: views, clickRate: clickRate(clicks, views), activeLinks: active };
  }
}
