import { Controller, Get, Param, Res } from '@nestjs/common';
import { ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import { AnswersFile, Fails } from '../../../shared/http/openapi/responses.js';
import { DownloadProductFileUseCase } from '../application/download-product-file.use-case.js';

/** RFC 6266: an ASCII fallback name and the exact name in RFC 5987 encoding. */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** GET /api/downloads/{token}: a product's file through a short-lived signed link (the order page hands them out). */
@Controller('api/downloads')
export class DownloadsController {
  constructor(private readonly download: DownloadProductFileUseCase) {}

  @Get(':token')
  @ApiOperation({ summary: "Download a product's file through a signed link (5 minutes)" })
  @AnswersFile('*/*', 'The file, with the type its bytes showed (PDF, ZIP, audio, video, image or plain text).', { type: 'string', format: 'binary' })
  @Fails(403, 404)
  async file(@Param('token') token: string, @Res() res: Response): Promise<void> {
    const { file, body } = await this.download.execute(token);
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', attachmentDisposition(file.name));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.setHeader('Cache-Control', 'private, no-store');
    body.on('error', () => res.destroy());
    body.pipe(res);
  }
}
