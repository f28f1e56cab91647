import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';
import { Input } from './input';

interface PrefixInputProps extends InputHTMLAttributes<HTMLInputElement> {
  /** A short fixed text shown inside the field before the value, e.g. "$". Not part of the value. */
  prefix: string;
}

/** An Input with a fixed prefix. Every other prop (id, aria-*, value…) goes to the input, so it works inside Field. */
export const PrefixInput = forwardRef<HTMLInputElement, PrefixInputProps>(({ prefix, className, ...props }, ref) => (
  <div className="relative">
    <span
      aria-hidden="true"
      className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-muted-foreground sm:text-sm"
    >
      {prefix}
    </span>
    <Input ref={ref} className={cn('pl-7', className)} {...props} />
  </div>
));
PrefixInput.displayName = 'PrefixInput';
