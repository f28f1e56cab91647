import { Body, Controller, Get, HttpCode, Ip, Param, Post, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { validate } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { AudienceMessages, SubscribeRequest, type SubscribeResponse } from '@linkbio/shared-contracts';
import { DomainError } from '../../../shared/domain-error.js';
import { Answers, AnswersHtml, Fails } from '../../../shared/http/openapi/responses.js';
import { ListLinksUseCase } from '../application/list-links.use-case.js';
import { SubscribeUseCase } from '../application/subscribe.use-case.js';
import { unsubscribePath } from '../domain/list-emails.js';
import { backToPage, listPage, unsubscribeButton } from './list-pages.js';
import { SubscribeAnswer } from './audience.openapi.js';

const STATUS: Record<DomainError['kind'], number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_many: 429,
  unavailable: 503,
};

/**
 * What visitors use, signed in or not: the page block's subscribe call (JSON, or a plain form post without
 * JavaScript, answered with a page), the confirmation link and the unsubscribe link (RFC 8058's one-click
 * POST; its GET shows a button).
 */
@Controller()
export class ListLinksController {
  constructor(
    private readonly subscribe: SubscribeUseCase,
    private readonly links: ListLinksUseCase,
  ) {}

  /** 202 with the same message whether the address is new, waiting for its confirmation or on the list. */
  @Post('api/users/:username/subscribe')
  @HttpCode(202)
  @ApiOperation({ summary: 'Join a creator\'s e-mail list (a confirmation e-mail follows)' })
  @Answers(202, SubscribeAnswer, 'Asked (the same answer for any address).')
  @Fails(400, 404, 429)
  join(@Param('username') username: string, @Body() body: SubscribeRequest, @Ip() ip: string | undefined): Promise<SubscribeResponse> {
    return this.subscribe.fromPage(username.slice(0, 64), body.email, { ip: ip ?? 'unknown' });
  }

  /** The block's form without JavaScript (application/x-www-form-urlencoded): the same, answered with a page. */
  @Post('list/join/:username')
  @ApiOperation({ summary: 'Join a creator\'s e-mail list from the page\'s plain form (no JavaScript)' })
  @AnswersHtml(200, 'Asked: a page saying to check the inbox (the same for any address).')
  @AnswersHtml(400, 'Not an e-mail address: a page saying so.', true)
  @AnswersHtml(404, 'No such page, or it takes no sign-ups.', true)
  @AnswersHtml(429, 'Too many sign-ups from here (Retry-After).', true)
  async joinByForm(@Param('username') username: string, @Body() body: unknown, @Ip() ip: string | undefined, @Res() res: Response): Promise<void> {
    const name = username.slice(0, 64);
    const request = plainToInstance(SubscribeRequest, typeof body === 'object' && body !== null ? body : {});
    if ((await validate(request)).length > 0) {
      return void page(res, 400, listPage('Please check your e-mail address', [AudienceMessages.validEmailRequired], backToPage(name)));
    }
    try {
      const { message } = await this.subscribe.fromPage(name, request.email, { ip: ip ?? 'unknown' });
      page(res, 200, listPage('Almost there', [message], backToPage(name)));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      if (error.details.retryAfterSeconds) res.set('Retry-After', String(error.details.retryAfterSeconds));
      page(res, STATUS[error.kind], listPage('Not subscribed', [error.message], backToPage(name)));
    }
  }

  @Get('list/confirm/:token')
  @ApiOperation({ summary: 'The confirmation link of a subscription (double opt-in)' })
  @AnswersHtml(200, 'Confirmed: the address is on the list.')
  @AnswersHtml(404, 'No such link, or it expired.', true)
  @AnswersHtml(429, 'Too many link uses from here (Retry-After).', true)
  async confirm(@Param('token') token: string, @Ip() ip: string | undefined, @Res() res: Response): Promise<void> {
    await answer(res, async () =>
      (await this.links.confirm(token, ip ?? 'unknown'))
        ? [200, listPage('Subscription confirmed', [AudienceMessages.confirmed])]
        : [404, listPage('Link not valid', [AudienceMessages.confirmLinkInvalid])],
    );
  }

  /** The page of an unsubscribe link: a button that POSTs (a GET changes nothing). */
  @Get('unsubscribe/:token')
  @ApiOperation({ summary: 'An unsubscribe link\'s page: a button that POSTs' })
  @AnswersHtml(200, 'The page with its Unsubscribe button (nothing changes yet).')
  @AnswersHtml(404, 'No such link.', true)
  @AnswersHtml(429, 'Too many link uses from here (Retry-After).', true)
  async unsubscribePage(@Param('token') token: string, @Ip() ip: string | undefined, @Res() res: Response): Promise<void> {
    await answer(res, async () =>
      (await this.links.knowsUnsubscribe(token, ip ?? 'unknown'))
        ? [200, listPage('Unsubscribe', ['Stop getting e-mails from this list?'], unsubscribeButton(unsubscribePath(token)))]
        : [404, listPage('Link not valid', [AudienceMessages.unsubscribeLinkInvalid])],
    );
  }

  /** RFC 8058 one-click (List-Unsubscribe=One-Click), and the page's button: no sign-in, effective at once. */
  @Post('unsubscribe/:token')
  @ApiOperation({ summary: 'Unsubscribe at once (RFC 8058 one-click; no sign-in)' })
  @AnswersHtml(200, 'Unsubscribed.')
  @AnswersHtml(404, 'No such link.', true)
  @AnswersHtml(429, 'Too many link uses from here (Retry-After).', true)
  async unsubscribe(@Param('token') token: string, @Ip() ip: string | undefined, @Res() res: Response): Promise<void> {
    await answer(res, async () =>
      (await this.links.unsubscribe(token, ip ?? 'unknown'))
        ? [200, listPage('Unsubscribed', [AudienceMessages.unsubscribed])]
        : [404, listPage('Link not valid', [AudienceMessages.unsubscribeLinkInvalid])],
    );
  }
}

function page(res: Response, status: number, html: string): void {
  res.status(status).set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').type('html').send(html);
}

/** A link's page; too many uses answer 429 as a page too. */
async function answer(res: Response, work: () => Promise<[number, string]>): Promise<void> {
  try {
    const [status, html] = await work();
    page(res, status, html);
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== 'too_many') throw error;
    res.set('Retry-After', String(error.details.retryAfterSeconds ?? 60));
    page(res, 429, listPage('Please wait', [error.message]));
  }
}
