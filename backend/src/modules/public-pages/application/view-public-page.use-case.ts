import { Injectable } from '@nestjs/common';
import { Messages } from '@linkbio/shared-contracts';
import { Clock } from '../../../shared/clock.js';
import { notFound } from '../../../shared/domain-error.js';
import type { Id } from '../../../shared/ids.js';
import { AnalyticsRecorder } from '../../analytics/application/ports/analytics-recorder.js';
import { referrerHost, type VisitorContext } from '../../analytics/domain/analytics.js';
import { forwardsAt, linksShownAt, type PageLink, type PublicPage } from '../domain/public-page.js';
import { PublicPageSource } from './ports/public-page.source.js';

export interface PageVisitor extends VisitorContext {
  /** The signed-in creator looking, if any: their own views are not counted. */
  viewerId: Id | null;
}

export interface PageView {
  page: PublicPage;
  /** The links the page shows now. */
  links: readonly PageLink[];
  /**
   * The owner's current username when the address asked for is one they gave up lately: the address forwards
   * there (a redirect, which counts no view). Null otherwise.
   */
  movedTo: string | null;
}

@Injectable()
export class ViewPublicPageUseCase {
  constructor(
    private readonly pages: PublicPageSource,
    private readonly recorder: AnalyticsRecorder,
    private readonly clock: Clock,
  ) {}

  /**
   * The creator's page and the links it shows now (active, and within their schedule while the creator is
   * premium), counting one view unless the visitor is a bot or the creator. The view is queued before this
   * answers. `visitor` null: the page is read without a visit (a HEAD request, the booking page). A username
   * its owner gave up lately answers where it forwards (movedTo) until the hold ends, then as nobody's.
   */
  async execute(username: string, visitor: PageVisitor | null): Promise<PageView> {
    const page = username.includes('\u0000') ? null : await this.pages.page(username.toLowerCase());
    if (!page) throw notFound(Messages.userNotFound);
    const now = this.clock.now();
    if (page.forwardsUntil !== undefined) {
      if (!forwardsAt(page, now.getTime())) throw notFound(Messages.userNotFound);
      return { page, links: [], movedTo: page.user.username };
    }
    if (visitor && !visitor.isBot && visitor.viewerId !== page.ownerId) {
      await this.recorder.record({
        kind: 'view',
        ownerId: page.ownerId,
        linkId: null,
        occurredAt: now,
        referrer: referrerHost(visitor.referrer),
        device: visitor.device ?? null,
        source: visitor.source ?? null,
        visitor: visitor.origin ?? null,
      });
    }
    return { page, links: linksShownAt(page, now), movedTo: null };
  }
}
