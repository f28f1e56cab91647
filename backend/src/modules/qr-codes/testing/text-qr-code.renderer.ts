import { QrCodeRenderer } from '../application/ports/qr-code.renderer.js';

/** "Draws" a QR code as the text it encodes, so use-case specs can read back what would be encoded. */
export class TextQrCodeRenderer extends QrCodeRenderer {
  svg(text: string): Promise<string> {
    return Promise.resolve(`svg ${text}`);
  }

  png(text: string, size: number): Promise<Buffer> {
    return Promise.resolve(Buffer.from(`png ${size} ${text}`));
  }
}
