import type { CheckoutSkin, CheckoutTexts } from '@linkbio/checkout-ui';
import { Lock, RefreshCw, ShieldCheck } from 'lucide-react';
import { buttonClassName } from '@/components/ui/button';
import { inputClassName } from '@/components/ui/input';
import { SKELETON } from '@/components/ui/skeleton';

/** The dashboard's look for the shared checkout (@linkbio/checkout-ui): its buttons, inputs and skeletons. */
export const DASHBOARD_SKIN: CheckoutSkin = {
  form: 'space-y-4',
  hint: 'flex gap-2 rounded-md bg-sky-50 px-3 py-2 text-sm text-sky-900',
  hintIcon: <ShieldCheck className="mt-0.5 size-4 shrink-0" aria-hidden="true" />,
  field: 'space-y-2',
  label: 'text-sm font-medium leading-none',
  input: inputClassName,
  fieldError: 'text-sm font-medium text-destructive',
  fieldRow: 'grid grid-cols-2 gap-3',
  submit: buttonClassName('primary', 'lg', 'w-full'),
  submitIcon: <Lock aria-hidden="true" />,
  pendingIndicator: <Lock aria-hidden="true" />,
  notice: 'rounded-md bg-muted px-3 py-2 text-sm',
  retry: buttonClassName('outline', 'lg', 'w-full'),
  retryIcon: <RefreshCw aria-hidden="true" />,
  skeleton: `${SKELETON} h-10 w-full`,
  skeletonRow: 'grid grid-cols-2 gap-3',
  skeletonHalf: `${SKELETON} h-10`,
};

export const DASHBOARD_TEXTS: Partial<CheckoutTexts> = { processing: 'Processing...' };
