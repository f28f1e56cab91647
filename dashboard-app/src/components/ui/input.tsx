import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const FIELD =
  'flex w-full rounded-md border border-input bg-background px-3 text-base sm:text-sm placeholder:text-slate-400 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-50 ' +
  'aria-invalid:border-destructive';

/** A text input's classes, for a plain <input> that must look like one (the shared checkout's skin). */
export const inputClassName = cn(FIELD, 'h-10 py-2');

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(
  ({ className, ...props }, ref) => <input ref={ref} className={cn(FIELD, 'h-10 py-2', className)} {...props} />,
);
Input.displayName = 'Input';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ className, ...props }, ref) => <textarea ref={ref} className={cn(FIELD, 'min-h-20 py-2', className)} {...props} />,
);
Textarea.displayName = 'Textarea';
