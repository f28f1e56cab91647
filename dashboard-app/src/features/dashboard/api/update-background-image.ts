import { useMutation } from '@tanstack/react-query';
import type { UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

/** Makes an uploaded image the page background (the colour is cleared); the answer carries user.backgroundImage. */
export const updateBackgroundImage = (backgroundImageURL: string) =>
  api.put<{ user: UserView }>('/api/background-images', { backgroundImageURL });

/** `onUser` receives the answered user, to store it where the current user lives (one source of truth). */
export const useUpdateBackgroundImage = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: updateBackgroundImage, onSuccess: ({ user }) => onUser(user) });
