import { Controller, Get, Header, HttpCode, Inject, Ip, Param, Post, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import { calendarFeedPath, type CalendarFeedView } from '@linkbio/shared-contracts';
import type { Request, Response } from 'express';
import type { Env } from '../../../config/env.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { Answers, Fails } from '../../../shared/http/openapi/responses.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { pageOrigin } from '../../public-pages/http/page-origin.js';
import { CalendarFeedUseCase } from '../application/calendar-feed.use-case.js';
import { AnswersCalendar, CalendarFeed } from './calendar-feed.openapi.js';

/**
 * Calendar apps read the feed again every few minutes to hours: a private copy for a short while spares the
 * store, and a replaced address stops answering within it.
 */
const FEED_CACHE_CONTROL = 'private, max-age=300';

/**
 * The creator's private calendar feed: its address for the dashboard (signed in, never stored by anyone), its
 * replacement, and the feed at `/calendar/{token}.ics` for the calendar apps subscribed to it (no session; the
 * token is a secret: its path is redacted from logs, secret-paths.ts).
 */
@Controller()
export class CalendarFeedController {
  constructor(
    private readonly feeds: CalendarFeedUseCase,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Get('api/users/calendar-feed')
  @ApiOperation({ summary: "The address of the creator's private calendar feed (made on first ask)" })
  @Answers(200, CalendarFeed, "The feed's address.")
  @UseGuards(SignedInGuard)
  @Header('Cache-Control', 'no-store')
  async address(@CurrentUser() user: User, @Req() request: Request): Promise<CalendarFeedView> {
    return this.view(await this.feeds.token(user.id), request);
  }

  @Post('api/users/calendar-feed/replace')
  @ApiOperation({ summary: "Replace the calendar feed's address (the old one stops working at once)" })
  @Answers(200, CalendarFeed, 'The new address.')
  @HttpCode(200)
  @UseGuards(SignedInGuard)
  @Header('Cache-Control', 'no-store')
  async replace(@CurrentUser() user: User, @Req() request: Request): Promise<CalendarFeedView> {
    return this.view(await this.feeds.replace(user.id), request);
  }

  @Get('calendar/:token.ics')
  @ApiOperation({ summary: "A creator's sessions as an iCalendar feed (whoever holds its address)" })
  @AnswersCalendar()
  @Fails(404, 429)
  async feed(
    @Param('token') token: string,
    @Ip() ip: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    // Errors are never kept: a replaced address must not answer from a cache.
    response.set({
      'Cache-Control': 'no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'Referrer-Policy': 'no-referrer',
    });
    const ics = await this.feeds.feed(token, ip ?? 'unknown');
    response.set({ 'Cache-Control': FEED_CACHE_CONTROL, 'Content-Type': 'text/calendar; charset=utf-8' });
    return ics;
  }

  private view(token: string, request: Request): CalendarFeedView {
    return { url: `${pageOrigin(request, this.env.PUBLIC_URL)}${calendarFeedPath(token)}` };
  }
}
