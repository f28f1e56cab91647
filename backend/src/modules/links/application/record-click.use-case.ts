import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { AnalyticsRecorder } from '../../analytics/application/ports/analytics-recorder.js';
import { referrerHost, type VisitorContext } from '../../analytics/domain/analytics.js';
import { hasSchedule, isLinkVisibleAt } from '../domain/link-schedule.js';
import { linkNotFound } from '../domain/links.errors.js';
import { LinkOwnerPlans } from './ports/link-owner-plans.js';
import { LinkRepository } from './ports/link.repository.js';

@Injectable()
export class RecordClickUseCase {
  constructor(
    private readonly links: LinkRepository,
    private readonly recorder: AnalyticsRecorder,
    private readonly clock: Clock,
    private readonly owners: LinkOwnerPlans,
  ) {}

  /**
   * Counts a click on a link the public page shows and returns where it goes; inactive or unknown links,
   * and scheduled ones outside their window while the creator is premium, are not found.
   * `visitor` null: only the destination is asked for (a HEAD request), so nothing is counted.
   */
  async execute(linkId: Id, visitor: VisitorContext | null): Promise<string> {
    const link = await this.links.findActive(linkId);
    if (!link) throw linkNotFound();
    const now = this.clock.now();
    // The owner's plan is read only for a scheduled link: most clicks cost one query.
    if (hasSchedule(link) && !isLinkVisibleAt(link, now, await this.owners.isPremium(link.ownerId))) {
      throw linkNotFound();
    }
    if (visitor && !visitor.isBot) {
      await this.recorder.record({
        kind: 'click',
        ownerId: link.ownerId,
        linkId: link.id,
        occurredAt: now,
        referrer: referrerHost(visitor.referrer),
        device: visitor.device ?? null,
      });
    }
    return link.url;
  }
}
