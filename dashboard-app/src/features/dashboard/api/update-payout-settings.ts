import { useMutation } from '@tanstack/react-query';
import type { UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export interface PayoutSettings {
  paypalEmail: string;
  /** Without the leading $ (the server strips one too). */
  cashappHandle: string;
}

export const updatePayoutSettings = (settings: PayoutSettings) =>
  api.put<{ user: UserView }>('/api/users/payout-settings', settings);

/** `onUser` receives the answered user, to store it where the current user lives (one source of truth). */
export const useUpdatePayoutSettings = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: updatePayoutSettings, onSuccess: ({ user }) => onUser(user) });
