import { useMutation } from '@tanstack/react-query';
import type { UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export interface ProfileValues {
  displayName: string;
  /** Empty clears it. */
  bio: string;
}

export const updateProfile = (values: ProfileValues) => api.put<{ user: UserView }>('/api/users/profile', values);

/** `onUser` receives the answered user, to store it where the current user lives (one source of truth). */
export const useUpdateProfile = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: updateProfile, onSuccess: ({ user }) => onUser(user) });
