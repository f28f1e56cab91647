import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { Env } from '../../../config/env.js';
import { AnswersHtml, NotModified } from '../../../shared/http/openapi/responses.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import { LegalTexts, type LegalPageKind } from '../application/ports/legal-texts.js';
import { PublicPageRenderer } from '../application/ports/public-page.renderer.js';
import { EncodedBody } from './encoded-body.js';
import { pageOrigin } from './page-origin.js';

/** Pages kept per origin they are served on (PUBLIC_URL: one), as the responder keeps its fixed pages. */
const MAX_KEPT = 100;

/**
 * /privacy and /terms: the operator's texts (LegalTexts, read at start) in a light page of the public app.
 * Registered before PublicPagesController, whose `/:username` would otherwise take these paths.
 */
@Controller()
export class LegalPagesController {
  private readonly pages = new Map<string, EncodedBody>();

  constructor(
    private readonly texts: LegalTexts,
    private readonly renderer: PublicPageRenderer,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Get('privacy')
  @ApiOperation({ summary: 'The privacy policy' })
  @AnswersHtml(200, 'The privacy policy (PRIVACY_POLICY_FILE, else the template).')
  @NotModified()
  privacy(@Req() request: Request, @Res() response: Response): void {
    this.answer('privacy', request, response);
  }

  @Get('terms')
  @ApiOperation({ summary: 'The terms of service' })
  @AnswersHtml(200, 'The terms of service (TERMS_FILE, else the template).')
  @NotModified()
  terms(@Req() request: Request, @Res() response: Response): void {
    this.answer('terms', request, response);
  }

  private answer(kind: LegalPageKind, request: Request, response: Response): void {
    const origin = pageOrigin(request, this.env.PUBLIC_URL);
    const key = `${kind}|${origin}`;
    let page = this.pages.get(key);
    if (page === undefined) {
      if (this.pages.size >= MAX_KEPT) this.pages.clear();
      page = new EncodedBody(this.renderer.legalPage({ origin, path: kind, ...this.texts.text(kind) }), 'text/html; charset=utf-8');
      this.pages.set(key, page);
    }
    response.set({ 'Cache-Control': 'no-cache', ETag: page.etag, Vary: 'Accept-Encoding' });
    if (holds(request.headers['if-none-match'], page.etag)) return void response.status(304).end();
    // Compressed once per encoding and kept (EncodedBody), as the other public pages are.
    const { encoding, bytes } = page.encoded(request.headers['accept-encoding']);
    if (encoding !== 'identity') response.set('Content-Encoding', encoding);
    response.status(200).type(page.contentType).end(bytes);
  }
}

/** Whether If-None-Match names this ETag (weakly compared, as for any GET). */
function holds(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.trim() === '*' || ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
