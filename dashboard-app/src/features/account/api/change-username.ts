import { useMutation } from '@tanstack/react-query';
import type { MessageView, UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export const changeUsername = (username: string) =>
  api.put<{ user: UserView } & MessageView>('/api/users/username', { username });

/**
 * Renames the page. `onUser` receives the answered user, to store it where the current user lives, so every
 * screen (the page address, the QR code) shows the new name.
 */
export const useChangeUsername = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: changeUsername, onSuccess: ({ user }) => onUser(user) });
