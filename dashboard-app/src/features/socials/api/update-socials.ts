import { useMutation } from '@tanstack/react-query';
import type { SocialLink, SocialPosition, UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';

export interface SocialsChange {
  socials: SocialLink[];
  position: SocialPosition;
}

/** Replaces the whole row of social icons (PUT /api/users/socials); the answer carries the stored list. */
export const updateSocials = (change: SocialsChange) => api.put<{ user: UserView }>('/api/users/socials', change);

/** `onUser` receives the answered user, to store it where the current user lives (one source of truth). */
export const useUpdateSocials = (onUser: (user: UserView) => void) =>
  useMutation({ mutationFn: updateSocials, onSuccess: ({ user }) => onUser(user) });
