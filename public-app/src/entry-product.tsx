import { createRoot } from 'react-dom/client';
import { CHECKOUT_ROOT_ID, readCheckoutData } from './checkout/checkout-data';
import { ProductCheckout } from './checkout/product-checkout';

/**
 * The product page's only script (issue 27): mounts the checkout on the server-rendered
 * `<div id="checkout-root" data-checkout="{JSON}">` (the product page's own markup stays as the server sent it).
 */
const root = document.getElementById(CHECKOUT_ROOT_ID);
const data = root ? readCheckoutData(root, 'product') : null;
if (root && data) createRoot(root).render(<ProductCheckout {...data} />);
