import { Injectable } from '@nestjs/common';
import QRCode from 'qrcode';
import { QrCodeRenderer } from '../application/ports/qr-code.renderer.js';
import { QR_ERROR_CORRECTION, QR_QUIET_ZONE } from '../domain/qr-code.js';

const COLORS = { dark: '#000000', light: '#ffffff' };

/**
 * pngjs's options: greyscale (colorType 0), each row stored as its difference from the row above (filterType 2).
 * QR rows repeat, so this is about half the bytes and half the time of qrcode's default (RGBA, a filter picked
 * per row). A new object each call: qrcode writes the image's size into it. (@types/qrcode lists only the
 * deflate options; qrcode hands the whole object to pngjs.)
 */
const pngOptions = () => ({ deflateLevel: 9, colorType: 0, filterType: 2 });

/** QR codes drawn by the `qrcode` package (node-qrcode): plain JavaScript, PNG through pngjs, no native code. */
@Injectable()
export class NodeQrcodeRenderer extends QrCodeRenderer {
  svg(text: string): Promise<string> {
    return QRCode.toString(text, {
      type: 'svg',
      errorCorrectionLevel: QR_ERROR_CORRECTION,
      margin: QR_QUIET_ZONE,
      color: COLORS,
    });
  }

  png(text: string, size: number): Promise<Buffer> {
    return QRCode.toBuffer(text, {
      type: 'png',
      errorCorrectionLevel: QR_ERROR_CORRECTION,
      margin: QR_QUIET_ZONE,
      color: COLORS,
      // qrcode makes the image floor(modules × (width / modules)) pixels wide, which float rounding can leave
      // one pixel short of `width`; half a pixel more lands on `size` exactly, whatever the module count.
      width: size + 0.5,
      rendererOpts: pngOptions(),
    });
  }
}
