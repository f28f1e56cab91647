import { Injectable } from '@nestjs/common';
import type { AnalyticsView } from '@linkbio/shared-contracts';
import type { Id } from '../../../shared/ids.js';
import { clickRate } from '../domain/analytics.js';
import { AnalyticsReader } from './ports/analytics-reader.js';

@Injectable()
export class GetAnalyticsOverviewUseCase {
  constructor(private readonly reader: AnalyticsReader) {}

  async execute(ownerId: Id, activeLinks: number): Promise<AnalyticsView> {
    const { views, clicks } = await this.reader.totalsForOwner(ownerId);
    return { totalClicks: clicks, totalViews: views, clickRate: clickRate(clicks, views), activeLinks };
  }
}
