import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Spec §3: a client secret to confirm the card payment with, or a message ('Already subscribed'). */
export type CreateSubscriptionResponse = { clientSecret: string } | { message: string };

export const ALREADY_SUBSCRIBED = 'Already subscribed';

export const createSubscription = () => api.post<CreateSubscriptionResponse>('/api/create-subscription');

/** Starts a premium subscription for the signed-in creator (spec §4, §7). */
export const useCreateSubscription = () => useMutation({ mutationFn: createSubscription });
