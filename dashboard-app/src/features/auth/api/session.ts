import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UserView } from '@linkbio/shared-contracts';
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

/** Sign in; on success the current-user data is refreshed (spec §4). */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LoginValues) => api.post<UserView>('/api/auth/login', values),
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
