import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QrCodeView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';


/** The QR code itself, drawn by the server for the signed-in creator. */
export const QR_CODE_SVG = '/api/qr-code.svg';
export const QR_CODE_PNG = '/api/qr-code.png';

export const qrCodeKey = ['qr-code'] as const;

export const fetchQrCode = () => api.get<QrCodeView>('/api/qr-code');

export const qrCodeQuery = () => queryOptions({ queryKey: qrCodeKey, queryFn: fetchQrCode });

export const useQrCode = () => useQuery(qrCodeQuery());
