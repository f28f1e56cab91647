import { Module } from '@nestjs/common';
import { GetPageQrCodeUseCase } from './application/get-page-qr-code.use-case.js';
import { QrCodeRenderer } from './application/ports/qr-code.renderer.js';
import { QrCodesController } from './http/qr-codes.controller.js';
import { NodeQrcodeRenderer } from './infrastructure/node-qrcode.renderer.js';

/** The QR code of each creator's public page, as SVG and PNG downloads. */
@Module({
  controllers: [QrCodesController],
  providers: [{ provide: QrCodeRenderer, useClass: NodeQrcodeRenderer }, GetPageQrCodeUseCase],
})
export class QrCodesModule {}
