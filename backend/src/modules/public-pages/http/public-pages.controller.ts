import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { Messages } from '@linkbio/shared-contracts';
import type { Request, Response } from 'express';
import type { Env } from '../../../config/env.js';
import { DomainError } from '../../../shared/domain-error.js';
import { isId } from '../../../shared/ids.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { GetPublicProfileUseCase, type PageVisitor } from '../../identity/application/get-public-profile.use-case.js';
import { ViewerId } from '../../identity/http/signed-in.guard.js';
import { toPublicUserView } from '../../identity/http/user.views.js';
import { RecordClickUseCase } from '../../links/application/record-click.use-case.js';
import type { Link } from '../../links/domain/link.js';
import { PublicPageRenderer } from '../application/ports/public-page.renderer.js';
import { pageOrigin } from './page-origin.js';
import { bioUsername } from './public-page-paths.js';
import type { VisitorContext } from '../../analytics/domain/analytics.js';
import { visitorFrom } from '../../analytics/http/visitor.js';

const isNotFound = (error: unknown) => error instanceof DomainError && error.kind === 'not_found';
const toPublicLink = (link: Link) => ({ id: link.id, title: link.title, url: link.url, order: link.order });

/**
 * Who is asking, for the counters: null for HEAD requests (link checkers, monitors), which are answered but
 * are no visit; known bots and link-preview fetchers (isbot) are marked so the use cases skip them.
 */
function visitorOf(request: Request): VisitorContext | null {
  if (request.method !== 'GET') return null;
  return visitorFrom(request.get('user-agent'), request.get('referer'));
}

/**
 * The visitors' pages, server-rendered (public-app): /{username}, /book/{username}, and /go/{linkId}, which
 * counts a click and redirects to the link, so the bio page works with JavaScript off. Which paths reach
 * this controller rather than the dashboard is decided by isPublicPagePath (create-app.ts).
 */
@Controller()
export class PublicPagesController {
  constructor(
    private readonly profiles: GetPublicProfileUseCase,
    private readonly clicks: RecordClickUseCase,
    private readonly renderer: PublicPageRenderer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Get('go/:linkId')
  async go(@Param('linkId') linkId: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    if (isId(linkId)) {
      try {
        const url = await this.clicks.execute(linkId.toLowerCase(), visitorOf(request));
        response.set('Cache-Control', 'no-store').redirect(302, url);
        return;
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    }
    this.send(response, 404, this.renderer.linkNotFoundPage({ origin: this.origin(request) }));
  }

  /** '/book' without a username goes home (spec §2). */
  @Get('book')
  bookWithoutUsername(@Res() response: Response): void {
    response.redirect(302, '/');
  }

  /** The booking page. Not a visit of the bio page, so it counts no view. */
  @Get('book/:username')
  async booking(@Param('username') segment: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const origin = this.origin(request);
    const username = bioUsername(segment);
    if (username !== null && username !== segment) return this.toLowercase(request, response, `/book/${username}`);
    const found = username === null ? null : await this.find(username, null);
    if (!found) return this.send(response, 404, this.renderer.userNotFoundPage({ origin }));
    this.send(response, 200, this.renderer.bookingPage({ origin, user: toPublicUserView(found.user) }));
  }

  /** The bio page: one view per visit, unless a bot, a HEAD request or the creator signed in. */
  @Get(':username')
  async bio(
    @Param('username') segment: string,
    @ViewerId() viewerId: string | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const username = bioUsername(segment);
    // Only paths that isPublicPagePath accepts come here while the dashboard is served; without it, the rest
    // answer the API's 404.
    if (username === null) throw new DomainError('not_found', Messages.notFound);
    if (username !== segment) return this.toLowercase(request, response, `/${username}`);
    const origin = this.origin(request);
    const visitor = visitorOf(request);
    const found = await this.find(username, visitor && { ...visitor, viewerId });
    if (!found) return this.send(response, 404, this.renderer.userNotFoundPage({ origin }));
    const page = this.renderer.bioPage({
      origin,
      user: toPublicUserView(found.user),
      links: found.links.map(toPublicLink),
      booked: request.query.booked === 'true',
    });
    this.send(response, 200, page);
  }

  private async find(username: string, visitor: PageVisitor | null) {
    try {
      return await this.profiles.execute(username, visitor);
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  private origin(request: Request): string {
    return pageOrigin(request, this.env.PUBLIC_URL);
  }

  /** `/Alice` → `/alice`, keeping the query (`?booked=true`). */
  private toLowercase(request: Request, response: Response, path: string): void {
    const query = request.originalUrl.indexOf('?');
    response.redirect(301, query === -1 ? path : path + request.originalUrl.slice(query));
  }

  /** Pages are never cached stale: browsers and proxies revalidate, and nothing is cached on the server. */
  private send(response: Response, status: number, html: string): void {
    response.status(status).set('Cache-Control', 'no-cache').type('html').send(html);
  }
}
