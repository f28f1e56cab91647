import { Controller, Get, Header, Inject, Query, Req, StreamableFile, UseGuards } from '@nestjs/common';
import type { Request } from 'express';
import type { QrCodeView } from '@linkbio/shared-contracts';
import type { Env } from '../../../config/env.js';
import { ENV } from '../../../shared/infrastructure/infrastructure.tokens.js';
import type { User } from '../../identity/domain/user.js';
import { CurrentUser, SignedInGuard } from '../../identity/http/signed-in.guard.js';
import { pageOrigin } from '../../public-pages/http/page-origin.js';
import { GetPageQrCodeUseCase, type PageAddress } from '../application/get-page-qr-code.use-case.js';
import { ApiOperation, ApiQuery } from '@nestjs/swagger';
import { Answers, AnswersFile, Fails } from '../../../shared/http/openapi/responses.js';
import { QrCode } from './qr-codes.openapi.js';


const download = (image: Buffer, type: string, fileName: string) =>
  new StreamableFile(image, { type, length: image.length, disposition: `attachment; filename="${fileName}"` });

/**
 * The signed-in creator's QR code, as SVG and PNG downloads of their public page's canonical URL: the origin
 * the public pages use (PUBLIC_URL, else this request's own) and their username. Never stored by proxies,
 * revalidated by the browser.
 */
@Controller('api')
@UseGuards(SignedInGuard)
export class QrCodesController {
  constructor(
    private readonly qrCodes: GetPageQrCodeUseCase,
    @Inject(ENV) private readonly env: Env,
  ) {}

  @Get('qr-code')
  @ApiOperation({ summary: 'The public page\'s URL, as its QR code opens it' })
  @Answers(200, QrCode, 'The URL the QR code opens.')
  url(@CurrentUser() user: User, @Req() request: Request): QrCodeView {
    return { url: this.qrCodes.url(this.page(user, request)) };
  }

  @Get('qr-code.svg')
  @ApiOperation({ summary: 'Download the page\'s QR code as SVG' })
  @AnswersFile('image/svg+xml', 'The QR code as SVG.')
  @Header('Cache-Control', 'private, no-cache')
  @Header('X-Content-Type-Options', 'nosniff')
  async svg(@CurrentUser() user: User, @Req() request: Request): Promise<StreamableFile> {
    const { image, fileName } = await this.qrCodes.svg(this.page(user, request));
    return download(Buffer.from(image, 'utf8'), 'image/svg+xml', fileName);
  }

  /** `?size=` in pixels, 256–2048 (default 1024). */
  @Get('qr-code.png')
  @ApiOperation({ summary: 'Download the page\'s QR code as PNG' })
  @ApiQuery({ name: 'size', required: false, schema: { type: 'integer', minimum: 256, maximum: 2048, default: 1024 } })
  @AnswersFile('image/png', 'The QR code as PNG.')
  @Fails(400)
  @Header('Cache-Control', 'private, no-cache')
  @Header('X-Content-Type-Options', 'nosniff')
  async png(@CurrentUser() user: User, @Req() request: Request, @Query('size') size: unknown): Promise<StreamableFile> {
    const { image, fileName } = await this.qrCodes.png(this.page(user, request), size);
    return download(image, 'image/png', fileName);
  }

  private page(user: User, request: Request): PageAddress {
    return { origin: pageOrigin(request, this.env.PUBLIC_URL), username: user.username };
  }
}
