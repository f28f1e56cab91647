import { Injectable } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import { AnalyticsReader } from '../../analytics/application/ports/analytics-reader.js';
import type { Link, LinkOwner } from '../domain/link.js';
import { LinkRepository } from './ports/link.repository.js';

@Injectable()
export class ListLinksUseCase {
  constructor(
    private readonly links: LinkRepository,
    private readonly analytics: AnalyticsReader,
  ) {}

  /** The creator's own list, each link with its click count. */
  async forOwner(ownerId: Id): Promise<Array<{ link: Link; clicks: number }>> {
    const [links, clicks] = await Promise.all([this.links.listForOwner(ownerId), this.analytics.clicksByLink(ownerId)]);
    return links.map((link) => ({ link, clicks: clicks.get(link.id) ?? 0 }));
  }

  /** Click count of one of the owner's links. */
  async clicksOf(ownerId: Id, linkId: Id): Promise<number> {
    return (await this.analytics.clicksByLink(ownerId)).get(linkId) ?? 0;
  }

  /**
   * What the public page shows at `now`: the active links, each within its schedule while the owner is
   * premium (when premium ends the saved schedules are kept but no longer apply).
   */
  active(owner: LinkOwner, now: Date): Promise<Link[]> {
    return this.links.listVisibleForOwner(owner.id, now, owner.isPremium);
  }

  countActive(ownerId: Id): Promise<number> {
    return this.links.countActiveForOwner(ownerId);
  }
}
