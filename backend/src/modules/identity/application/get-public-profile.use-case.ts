import { Injectable } from '@nestjs/common';
import { Clock } from '../../../shared/clock.js';
import type { Id } from '../../../shared/ids.js';
import { AnalyticsRecorder } from '../../analytics/application/ports/analytics-recorder.js';
import { referrerHost, type VisitorContext } from '../../analytics/domain/analytics.js';
import { ListLinksUseCase } from '../../links/application/list-links.use-case.js';
import type { Link } from '../../links/domain/link.js';
import { userNotFound } from '../domain/identity.errors.js';
import type { User } from '../domain/user.js';
import { UserRepository } from './ports/user.repository.js';

export interface PageVisitor extends VisitorContext {
  /** The signed-in creator looking, if any: their own views are not counted. */
  viewerId: Id | null;
}

@Injectable()
export class GetPublicProfileUseCase {
  constructor(
    private readonly users: UserRepository,
    private readonly links: ListLinksUseCase,
    private readonly recorder: AnalyticsRecorder,
    private readonly clock: Clock,
  ) {}

  /**
   * The creator and the links their page shows now (active, and within their schedule while the creator is
   * premium), counting one view unless the visitor is a bot or the creator.
   * `visitor` null: the page is read without a visit (a HEAD request, the booking page), so nothing is counted.
   */
  async execute(username: string, visitor: PageVisitor | null): Promise<{ user: User; links: Link[] }> {
    const user = await this.users.findByUsername(username);
    if (!user) throw userNotFound();
    const now = this.clock.now();
    const links = await this.links.active({ id: user.id, isPremium: user.isPremium }, now);
    if (visitor && !visitor.isBot && visitor.viewerId !== user.id) {
      await this.recorder.record({
        kind: 'view',
        ownerId: user.id,
        linkId: null,
        occurredAt: now,
        referrer: referrerHost(visitor.referrer),
        device: visitor.device ?? null,
      });
    }
    return { user, links };
  }
}
