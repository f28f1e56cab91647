import { Controller, Get, HttpCode, Param, Post, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { Messages } from '@linkbio/shared-contracts';
import type { Request, Response } from 'express';
import { DomainError } from '../../../shared/domain-error.js';
import { ViewerId } from '../../identity/http/signed-in.guard.js';
import { bioUsername } from './public-page-paths.js';
import { PublicPageResponder } from './public-page-responder.js';
import { Answers, AnswersHtml, Fails, NotModified, Redirects } from '../../../shared/http/openapi/responses.js';
import { Click, PublicProfile } from './public-pages.openapi.js';

/**
 * The visitors' pages, server-rendered (public-app): /{username}, /book/{username}, and /go/{linkId}, which
 * counts a click and redirects to the link, so the bio page works with JavaScript off; and their JSON
 * calls (the public profile, the click). Plain visitors' requests are answered before Express by
 * publicFastPath with the same responder; what reaches this controller went the full way (a signed-in
 * creator, a path to redirect, a request the fast path leaves alone). Which page paths come here rather than
 * to the dashboard is decided by isPublicPagePath (create-app.ts).
 */
@Controller()
export class PublicPagesController {
  constructor(private readonly responder: PublicPageResponder) {}

  @Get('go/:linkId')
  @ApiOperation({ summary: 'Count a click and go to the link' })
  @Redirects(302, 'Counts the click and goes to the link.')
  @AnswersHtml(404, 'The link is off or unknown: the 404 page.')
  @AnswersHtml(503, 'The store is away: the 503 page (Retry-After).', true)
  async go(@Param('linkId') linkId: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.responder.go(this.page(request, null), response, linkId);
  }

  /** '/book' without a username goes home (spec §2). */
  @Get('book')
  @ApiOperation({ summary: 'The booking path without a username: home' })
  @Redirects(302, 'Home.')
  bookWithoutUsername(@Res() response: Response): void {
    response.redirect(302, '/');
  }

  /** The booking page. Not a visit of the bio page, so it counts no view. */
  @Get('book/:username')
  @ApiOperation({ summary: 'A creator\'s booking page' })
  @ApiQuery({ name: 'from', required: false, description: 'With weekly hours: the first date of the week of open times shown (YYYY-MM-DD, the creator\'s zone; default today).', schema: { type: 'string', format: 'date' } })
  @ApiQuery({ name: 'tz', required: false, description: 'With weekly hours: the IANA time zone the times are shown in (default the creator\'s).', schema: { type: 'string' } })
  @ApiQuery({ name: 'type', required: false, description: 'The session type chosen (one the creator offers; default their only one, else the page first asks which).', schema: { type: 'string', format: 'uuid' } })
  @AnswersHtml(200, 'The booking page.')
  @NotModified()
  @Redirects(301, 'To the lowercase or current username.')
  @AnswersHtml(404, 'No such creator, or not taking bookings: the 404 page.')
  @AnswersHtml(503, 'The store is away: the 503 page (Retry-After).', true)
  async booking(@Param('username') segment: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const username = bioUsername(segment);
    if (username !== null && username !== segment) return this.toLowercase(request, response, `/book/${username}`);
    await this.responder.booking(this.page(request, null), response, username ?? '');
  }

  /** The tip page (issue 27): the 'Support me' form. Not a visit of the bio page, so it counts no view. */
  @Get('tip/:username')
  @ApiOperation({ summary: 'A creator\'s tip page' })
  @ApiQuery({ name: 'amount', required: false, description: 'The amount first chosen, in cents (100 to 1000000); else the first preset.', schema: { type: 'integer' } })
  @AnswersHtml(200, 'The tip page (when tips are off, it says so).')
  @NotModified()
  @Redirects(301, 'To the lowercase or current username.')
  @AnswersHtml(404, 'No such creator: the 404 page.')
  @AnswersHtml(503, 'The store is away: the 503 page (Retry-After).', true)
  async tip(@Param('username') segment: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    const username = bioUsername(segment);
    if (username !== null && username !== segment) return this.toLowercase(request, response, `/tip/${username}`);
    await this.responder.tip(this.page(request, null), response, username ?? '');
  }

  /** A product's own page (issue 27), with the checkout. Not a visit of the bio page, so it counts no view. */
  @Get(':username/products/:productId')
  @ApiOperation({ summary: "A product's page" })
  @AnswersHtml(200, "The product's page.")
  @NotModified()
  @Redirects(301, 'To the lowercase or current username.')
  @AnswersHtml(404, 'No such creator or product, or the product is hidden: the 404 page.')
  @AnswersHtml(503, 'The store is away: the 503 page (Retry-After).', true)
  async product(
    @Param('username') segment: string,
    @Param('productId') productId: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const username = bioUsername(segment);
    if (username === null) throw new DomainError('not_found', Messages.notFound);
    if (username !== segment) return this.toLowercase(request, response, `/${username}/products/${encodeURIComponent(productId)}`);
    await this.responder.product(this.page(request, null), response, username, productId);
  }

  /** The bio page: one view per visit, unless a bot, a HEAD request or the creator signed in. */
  @Get(':username')
  @ApiOperation({ summary: 'A creator\'s bio page' })
  @AnswersHtml(200, 'The bio page.')
  @NotModified()
  @Redirects(301, 'To the lowercase or current username.')
  @AnswersHtml(404, 'No such creator: the 404 page (JSON for a path that is no username).', true)
  @AnswersHtml(503, 'The store is away: the 503 page (Retry-After).', true)
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
    await this.responder.bio(this.page(request, viewerId), response, username);
  }

  /** A creator's public page as JSON, counting a view (not the creator's own, not a bot's, not HEAD). */
  @Get('api/users/:username')
  @ApiOperation({ summary: 'A creator\'s public page as JSON' })
  @Answers(200, PublicProfile, 'The page as JSON.')
  @NotModified()
  @Redirects(301, 'To the current username.')
  @Fails(404)
  async profile(
    @Param('username') username: string,
    @ViewerId() viewerId: string | null,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    await this.responder.profile(this.page(request, viewerId), response, username.slice(0, 64));
  }

  /** Counts a click and answers `{ url }`. */
  @Post('api/links/:id/click')
  @ApiOperation({ summary: 'Count a click on a link and answer where it goes' })
  @Answers(200, Click, 'Counted; where the link goes.')
  @Fails(404)
  @HttpCode(200)
  async click(@Param('id') id: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    await this.responder.click(request, response, id, request.ip);
  }

  private page(request: Request, viewerId: string | null) {
    // Express has set the security headers already.
    return { request, protocol: request.protocol, address: request.ip, viewerId, headers: [] };
  }

  /** `/Alice` → `/alice`, keeping the query (`?booked=true`). */
  private toLowercase(request: Request, response: Response, path: string): void {
    const query = request.originalUrl.indexOf('?');
    response.redirect(301, query === -1 ? path : path + request.originalUrl.slice(query));
  }
}
