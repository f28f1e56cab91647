import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { Link, linkLimitFor, linkLimitReached } from '../domain/link.js';
import { LinkRepository } from './ports/link.repository.js';

export interface LinkOwner {
  id: Id;
  isPremium: boolean;
}

@Injectable()
export class CreateLinkUseCase {
  constructor(
    private readonly links: LinkRepository,
    private readonly clock: Clock,
  ) {}

  async execute(owner: LinkOwner, data: { title: string; url: string; order?: number }): Promise<Link> {
    const link = Link.create(owner.id, data, this.clock.now());
    if (!(await this.links.addWithinLimit(link, linkLimitFor(owner.isPremium)))) throw linkLimitReached();
    return link;
  }
}
