import { useEffect, useState } from 'react';
import type { TipCheckoutData } from './checkout-data';
import { TipCheckout } from './tip-checkout';

/**
 * The tip form as the server renders it and the browser hydrates it: its button stays disabled until the
 * script runs (nothing can be paid without it), and a notice says so when it does not.
 */
export function TipIsland(props: TipCheckoutData) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return <TipCheckout {...props} hydrated={hydrated} />;
}
