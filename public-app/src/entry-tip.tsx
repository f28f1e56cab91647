import { hydrateRoot } from 'react-dom/client';
import { CHECKOUT_ROOT_ID, readCheckoutData } from './checkout/checkout-data';
import { TipIsland } from './checkout/tip-island';

/** The tip page's only script: hydrates the server-rendered tip form (pages/tip-page.tsx) with the same data. */
const root = document.getElementById(CHECKOUT_ROOT_ID);
const data = root ? readCheckoutData(root, 'tip') : null;
if (root && data) hydrateRoot(root, <TipIsland {...data} />);
