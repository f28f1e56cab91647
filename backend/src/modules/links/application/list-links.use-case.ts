import { Injectable } from '@nestjs/common';
import type { Id } from '../../../shared/ids.js';
import { AnalyticsReader } from '../../analytics/application/ports/analytics-reader.js';
import type { Link } from '../domain/link.js';
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
}
