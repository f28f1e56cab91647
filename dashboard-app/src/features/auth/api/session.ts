import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TwoFactorRequiredView, UserView } from '@linkbio/shared-contracts';
import { api } from '@/lib/api-client';
import { currentUserKey } from './current-user';

export interface LoginValues {
  email: string;
  password: string;
}

export interface RegisterValues {
  username: string;
  displayName: string;
  email: string;
  bio: string;
  password: string;
  confirmPassword: string;
}

export type LoginAnswer = UserView | TwoFactorRequiredView;

/** The password was right but a second step (a code) comes before the session. */
export const needsSecondStep = (answer: LoginAnswer): answer is TwoFactorRequiredView =>
  'twoFactorRequired' in answer && answer.twoFactorRequired;

/**
 * Sign in; when signed in the current-user data is refreshed (spec §4). With two-factor sign-in on, the answer
 * is `{ twoFactorRequired: true }` and nobody is signed in until `useVerifyTwoFactor` succeeds.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LoginValues) => api.post<LoginAnswer>('/api/auth/login', values),
    onSuccess: (answer) => {
      if (!needsSecondStep(answer)) queryClient.setQueryData(currentUserKey, answer);
    },
  });
}

export type SecondStepValues = { code: string } | { recoveryCode: string };

/** Sign-in's second step: the app's code or a recovery code; signs in as `useLogin` does. */
export function useVerifyTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: SecondStepValues) => api.post<UserView>('/api/auth/2fa/verify', values),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: RegisterValues) => api.post<UserView>('/api/auth/register', values),
    onSuccess: (user) => queryClient.setQueryData(currentUserKey, user),
  });
}

/** Sign out: the server's answer is not read; all cached data is cleared (spec §2, §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<unknown>('/api/auth/logout').catch(() => null),
    onSettled: () => {
      queryClient.clear();
      queryClient.setQueryData(currentUserKey, null);
    },
  });
}
