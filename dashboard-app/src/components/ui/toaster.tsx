import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { useRef } from 'react';
import { cn } from '@/lib/cn';
import { useToastEdge } from '@linkbio/checkout-ui';
import { TOAST_DURATION, useToastStore } from './toast-store';

/**
 * The notifications region: bottom right, swipe right (50 px) to dismiss, F8 to focus it (spec §9). While a
 * toast shows it keeps clear of the control the person is on: at the top when at the bottom it would cover it.
 */
export function Toaster() {
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  const viewport = useRef<HTMLOListElement>(null);
  const shown = toasts.find((t) => t.open)?.id;

  const edge = useToastEdge(shown, viewport);

  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          duration={t.duration}
          onOpenChange={(open) => {
            if (!open) dismiss(t.id);
          }}
          className={cn(
            'toast group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg',
            t.variant === 'destructive'
              ? 'border-destructive bg-destructive text-destructive-foreground'
              : 'border-border bg-background text-foreground',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description ? (
              <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          {t.action ? (
            <ToastPrimitive.Action
              altText={t.action.altText}
              onClick={t.action.onAction}
              className="shrink-0 self-center rounded-md border border-border px-3 py-1.5 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              {t.action.label}
            </ToastPrimitive.Action>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-ring"
          >
            <X className="size-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        hotkey={['F8']}
        data-edge={edge}
        className={cn(
          'fixed right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]',
          edge === 'top' ? 'top-0' : 'bottom-0',
        )}
      />
    </ToastPrimitive.Provider>
  );
}
