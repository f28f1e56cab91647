import { invalid } from '../../../shared/domain-error.js';

export const QrCodeMessages = {
  pngSize: 'Size must be a whole number of pixels from 256 to 2048',
} as const;

export const badPngSize = () => invalid(QrCodeMessages.pngSize);
