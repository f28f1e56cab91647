import { Controller, Get, Ip, Param, Post, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { orderLinkPath } from '@linkbio/shared-contracts';
import { AnswersHtml, Redirects } from '../../../shared/http/openapi/responses.js';
import { OrderLinkRefused, OrderLinkUseCase } from '../application/order-link.use-case.js';
import { ORDER_PAGE_CSP, orderPageHtml, orderRefusedHtml } from './order-page.html.js';

/**
 * The buyer's private order page and its download (the token is a secret: its path is redacted from logs,
 * secret-paths.ts). Answers are never cached nor indexed.
 */
@Controller()
export class OrderPageController {
  constructor(private readonly links: OrderLinkUseCase) {}

  @Get('order/:token')
  @ApiOperation({ summary: 'The buyer\'s order page' })
  @AnswersHtml(200, 'The order: its Download button, or its private URL.')
  @AnswersHtml(404, 'No order has this link.')
  @AnswersHtml(410, 'The order was refunded.')
  async page(@Param('token') token: string, @Ip() ip: string | undefined, @Res() res: Response): Promise<void> {
    this.privately(res);
    try {
      const view = await this.links.page(token, ip ?? 'unknown');
      res.status(200).type('html').send(orderPageHtml(view, `${orderLinkPath(token)}/download`));
    } catch (error) {
      this.refused(error, res);
    }
  }

  @Post('order/:token/download')
  @ApiOperation({ summary: 'Download the order\'s file (counted; at most 10)' })
  @Redirects(303, 'To the file\'s short-lived link.')
  @AnswersHtml(404, 'No order has this link.')
  @AnswersHtml(410, 'Refunded, or downloaded 10 times already.')
  async download(@Param('token') token: string, @Ip() ip: string | undefined, @Res() res: Response): Promise<void> {
    this.privately(res);
    try {
      res.redirect(303, await this.links.download(token, ip ?? 'unknown'));
    } catch (error) {
      this.refused(error, res);
    }
  }

  private privately(res: Response): void {
    res.set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex, nofollow', 'Referrer-Policy': 'no-referrer', 'Content-Security-Policy': ORDER_PAGE_CSP });
  }

  private refused(error: unknown, res: Response): void {
    if (!(error instanceof OrderLinkRefused)) throw error;
    if (error.retryAfterSeconds) res.set('Retry-After', String(error.retryAfterSeconds));
    res.status(error.status).type('html').send(orderRefusedHtml(error.message));
  }
}
