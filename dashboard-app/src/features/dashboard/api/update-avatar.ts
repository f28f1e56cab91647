import { useMutation } from '@tanstack/react-query';
import type { UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

/** Makes an uploaded image the profile picture; the answer carries user.avatar. */
export const updateAvatar = (avatarURL: string) => api.put<{ user: UserView }>('/api/avatar-images', { avatarURL });

/** `onUser` receives the answered user, to store it where the current user lives (one source of truth). */
export const useUpdateAvatar = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: updateAvatar, onSuccess: ({ user }) => onUser(user) });
