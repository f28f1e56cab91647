import { useCallback, useEffect, useRef, useState } from 'react';
import type { Toast } from './checkout-skin';
import type { SaleQuote } from './sale-api';

export type SaleStep = 'details' | 'card' | 'paid';

/**
 * The steps every sale of the page goes through (a product, a tip): the details, then the card step with the
 * server's quote, then paid. A refused start or card shows a toast; each step change moves the focus to the
 * new step's heading.
 */
export function useSaleCheckout(errorTitle: string) {
  const [step, setStep] = useState<SaleStep>('details');
  const [quote, setQuote] = useState<SaleQuote | null>(null);
  const [pending, setPending] = useState(false);
  const [toast, setToast] = useState<Toast | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  useEffect(() => {
    if (moved.current) heading.current?.focus();
  }, [step]);

  const go = (next: SaleStep) => {
    moved.current = true;
    setStep(next);
  };

  const start = async (order: () => Promise<SaleQuote>) => {
    if (pending) return;
    setPending(true);
    setToast(null);
    try {
      setQuote(await order());
      go('card');
    } catch (error) {
      setToast({ title: errorTitle, message: error instanceof Error ? error.message : String(error) });
    } finally {
      setPending(false);
    }
  };

  return {
    step,
    quote,
    pending,
    toast,
    heading,
    start,
    showError: (title: string, message: string) => setToast({ title, message }),
    closeToast: useCallback(() => setToast(null), []),
    paid: () => go('paid'),
    edit: () => go('details'),
  };
}
