import { Injectable } from '@nestjs/common';
import { pngSize, publicPageUrl, qrCodeFileName } from '../domain/qr-code.js';
import { QrCodeRenderer } from './ports/qr-code.renderer.js';

/** Whose page, and on which origin the public pages are answered (PUBLIC_URL, else the request's own). */
export interface PageAddress {
  origin: string;
  username: string;
}

export interface PageQrCode<Image> {
  /** What the code opens: the page's canonical public URL. */
  url: string;
  fileName: string;
  image: Image;
}

/** The QR code of a creator's public page, for the dashboard's downloads. */
@Injectable()
export class GetPageQrCodeUseCase {
  constructor(private readonly renderer: QrCodeRenderer) {}

  /** The URL the code encodes, without drawing it. */
  url(page: PageAddress): string {
    return publicPageUrl(page.origin, page.username);
  }

  async svg(page: PageAddress): Promise<PageQrCode<string>> {
    const url = this.url(page);
    return { url, fileName: qrCodeFileName(page.username, 'svg'), image: await this.renderer.svg(url) };
  }

  /** @param requestedSize `?size=` as it came (absent → 1024); refused unless 256–2048 pixels. */
  async png(page: PageAddress, requestedSize: unknown): Promise<PageQrCode<Buffer>> {
    const size = pngSize(requestedSize);
    const url = this.url(page);
    return { url, fileName: qrCodeFileName(page.username, 'png'), image: await this.renderer.png(url, size) };
  }
}
