import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import { Link, linkLimitFor, linkLimitReached, type LinkOwner, type NewLink } from '../domain/link.js';
import { LinkRepository } from './ports/link.repository.js';

@Injectable()
export class CreateLinkUseCase {
  constructor(
    private readonly links: LinkRepository,
    private readonly clock: Clock,
  ) {}

  /** A schedule given with the link needs Premium, as on an existing link. */
  async execute(owner: LinkOwner, data: NewLink): Promise<Link> {
    const link = Link.create(owner.id, data, this.clock.now(), owner);
    if (!(await this.links.addWithinLimit(link, linkLimitFor(owner.isPremium)))) throw linkLimitReached();
    return link;
  }
}
