import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { AnalyticsRecorder } from '../../analytics/application/ports/analytics-recorder.js';
import { referrerHost, type VisitorContext } from '../../analytics/domain/analytics.js';
import { linkNotFound } from '../domain/links.errors.js';
import { LinkRepository } from './ports/link.repository.js';

@Injectable()
export class RecordClickUseCase {
  constructor(
    private readonly links: LinkRepository,
    private readonly recorder: AnalyticsRecorder,
    private readonly clock: Clock,
  ) {}

  /**
   * Counts a click on an active link and returns where it goes; inactive or unknown links are not found.
   * `visitor` null: only the destination is asked for (a HEAD request), so nothing is counted.
   */
  async execute(linkId: Id, visitor: VisitorContext | null): Promise<string> {
    const link = await this.links.findActive(linkId);
    if (!link) throw linkNotFound();
    if (visitor && !visitor.isBot) {
      await this.recorder.record({
        kind: 'click',
        ownerId: link.ownerId,
        linkId: link.id,
        occurredAt: this.clock.now(),
        referrer: referrerHost(visitor.referrer),
        device: visitor.device ?? null,
      });
    }
    return link.url;
  }
}
