import { forwardRef, type InputHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

interface InputWithAddonProps extends InputHTMLAttributes<HTMLInputElement> {
  /** A fixed segment drawn before what the person types, e.g. the site's address. Not part of the value. */
  addon: string;
}

/**
 * An input with a fixed text segment in front of it (shaded, separated by a border; long text is truncated),
 * drawn as one field. For a one-character prefix such as "$", PrefixInput fits better. Every input prop (id,
 * aria-*) goes to the input itself, so it works inside `Field`.
 */
export const InputWithAddon = forwardRef<HTMLInputElement, InputWithAddonProps>(
  ({ addon, className, ...props }, ref) => (
    <div
      className={cn(
        'flex h-10 w-full items-center overflow-hidden rounded-md border border-input bg-background text-base sm:text-sm',
        'focus-within:outline-2 focus-within:outline-offset-1 focus-within:outline-ring',
        'has-[[aria-invalid=true]]:border-destructive has-[:disabled]:opacity-50',
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="block h-full max-w-[55%] shrink-0 truncate border-r border-input bg-muted px-3 leading-[2.375rem] text-muted-foreground"
      >
        {addon}
      </span>
      <input
        ref={ref}
        className="h-full min-w-0 flex-1 bg-transparent px-3 py-2 outline-none placeholder:text-slate-500 focus-visible:outline-none disabled:cursor-not-allowed"
        {...props}
      />
    </div>
  ),
);
InputWithAddon.displayName = 'InputWithAddon';
