import { CircleAlert, CircleCheck } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

interface NoticeProps {
  /** success: announced politely (status); error: announced at once (alert). */
  variant: 'success' | 'error';
  children: ReactNode;
  className?: string;
}

const LOOK = {
  success: 'border-green-200 bg-green-50 text-green-900',
  error: 'border-red-200 bg-red-50 text-red-900',
} as const;

/** A message that stays in place beside the form it is about: a saved notice or what went wrong. */
export function Notice({ variant, children, className }: NoticeProps) {
  const Icon = variant === 'success' ? CircleCheck : CircleAlert;
  return (
    <div
      role={variant === 'success' ? 'status' : 'alert'}
      className={cn('flex items-start gap-2 rounded-lg border p-3 text-sm', LOOK[variant], className)}
    >
      <Icon
        className={cn('mt-0.5 size-4 shrink-0', variant === 'success' ? 'text-success' : 'text-destructive')}
        aria-hidden="true"
      />
      <div className="min-w-0 flex-1 space-y-1 break-words">{children}</div>
    </div>
  );
}
