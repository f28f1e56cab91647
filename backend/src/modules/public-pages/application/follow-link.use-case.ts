import { Injectable } from '@nestjs/common';
import { Messages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { notFound } from '../../../shared/domain-error.js';
import { isId, type Id } from '../../../shared/ids.js';
import { AnalyticsRecorder } from '../../analytics/application/ports/analytics-recorder.js';
import { referrerHost, type VisitorContext } from '../../analytics/domain/analytics.js';
import { isShownAt } from '../domain/public-page.js';
import { PublicPageSource } from './ports/public-page.source.js';

@Injectable()
export class FollowLinkUseCase {
  constructor(
    private readonly pages: PublicPageSource,
    private readonly recorder: AnalyticsRecorder,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts a click on a link the public page shows and returns where it goes; inactive or unknown links,
   * and scheduled ones outside their window while the creator is premium, are not found. The click is
   * queued before this answers. `visitor` null: only the destination is asked for (a HEAD request).
   */
  async execute(linkId: Id, visitor: VisitorContext | null): Promise<string> {
    const link = isId(linkId) ? await this.pages.link(linkId.toLowerCase()) : null;
    const now = this.clock.now();
    if (!link || !isShownAt(link, now, link.schedulingApplies)) throw notFound(Messages.linkNotFound);
    if (visitor && !visitor.isBot) {
      await this.recorder.record({
        kind: 'click',
        ownerId: link.ownerId,
        linkId: link.id,
        occurredAt: now,
        referrer: referrerHost(visitor.referrer),
        device: visitor.device ?? null,
        source: visitor.source ?? null,
        visitor: visitor.origin ?? null,
      });
    }
    return link.url;
  }
}
