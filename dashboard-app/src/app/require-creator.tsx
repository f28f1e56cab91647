import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import type { UserView } from '@linkbio/shared-contracts';
import { useCurrentUser } from '@/features/auth/api/current-user';

/**
 * Screens for signed-in creators: while the current user loads, `loading` shows; with nobody signed in,
 * the visitor goes to /auth (spec §2, §6).
 */
export function RequireCreator({ loading, children }: { loading: ReactNode; children: (user: UserView) => ReactNode }) {
  const { data: user, isPending } = useCurrentUser();
  if (isPending) return <>{loading}</>;
  if (!user) return <Navigate to="/auth" replace />;
  return <>{children(user)}</>;
}
