/**
 * Draws QR codes. Every symbol uses error correction level M and a quiet zone of 4 modules (domain/qr-code.ts),
 * dark modules on white.
 */
export abstract class QrCodeRenderer {
  /** A standalone SVG document: shapes only, no script, text, links or embedded content. */
  abstract svg(text: string): Promise<string>;
  /** A PNG of `size` × `size` pixels, quiet zone included. */
  abstract png(text: string, size: number): Promise<Buffer>;
}
