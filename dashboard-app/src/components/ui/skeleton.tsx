import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export const SKELETON = 'animate-skeleton rounded-md bg-slate-200';

/** A grey placeholder block shown while data loads. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn(SKELETON, className)} {...props} />;
}
