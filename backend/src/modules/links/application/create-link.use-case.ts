import { Injectable } from '@nestjs/common';
import { countsAsLink } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { Link, linkLimitFor, linkLimitReached, type LinkOwner, type NewLink } from '../domain/link.js';
import { LinkRepository } from './ports/link.repository.js';

@Injectable()
export class CreateLinkUseCase {
  constructor(
    private readonly links: LinkRepository,
    private readonly clock: Clock,
  ) {}

  /**
   * A schedule given with the link needs Premium, as on an existing link. Links and embeds count toward the
   * free plan's limit; a header does not, so one can always be added.
   */
  async execute(owner: LinkOwner, data: NewLink): Promise<Link> {
    const link = Link.create(owner.id, data, this.clock.now(), owner);
    const limit = countsAsLink(link.kind) ? linkLimitFor(owner.isPremium) : null;
    if (!(await this.links.addWithinLimit(link, limit))) throw linkLimitReached();
    return link;
  }
}
