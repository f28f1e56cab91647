import {
  CardPayment,
  CheckoutToast,
  PUBLIC_SKIN,
  PUBLIC_TOAST_SKIN,
  type CheckoutSkin,
  type PaymentFormProps,
  type Toast,
  type ToastSkin,
} from '@linkbio/checkout-ui';
import { CloseIcon, LockIcon } from '../components/icons';
import { Texts } from '../texts';

/** The public pages' look for the shared checkout (@linkbio/checkout-ui): booking.css's classes, our icons. */
const SKIN: CheckoutSkin = {
  ...PUBLIC_SKIN,
  hintIcon: <LockIcon />,
  pendingIndicator: <span className="spinner" aria-hidden="true" />,
};

const TOAST_SKIN: ToastSkin = { ...PUBLIC_TOAST_SKIN, closeIcon: <CloseIcon /> };

/** The live provider's card form (local or Stripe Elements) in the public pages' look. */
export function PublicCardPayment(props: Omit<PaymentFormProps, 'skin' | 'texts'>) {
  return <CardPayment {...props} skin={SKIN} />;
}

/** A checkout's error toast in the public pages' look: five seconds, or until closed. */
export function PublicToast({ toast, onClose }: { toast: Toast | null; onClose: () => void }) {
  return <CheckoutToast toast={toast} onClose={onClose} closeLabel={Texts.close} skin={TOAST_SKIN} />;
}

export type { Toast };
