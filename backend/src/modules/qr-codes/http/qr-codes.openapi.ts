import type { QrCodeView } from '@linkbio/shared-contracts';
import { component, objectOf, string } from '../../../shared/http/openapi/schema.js';

/** GET /api/qr-code's answer, for the API description. */
export const QrCode = component('QrCodeView', objectOf<QrCodeView>()({ url: string }));
