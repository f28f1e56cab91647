import { CardPayment, type PaymentFormProps } from '@linkbio/checkout-ui';
import { useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_SKIN, DASHBOARD_TEXTS } from './checkout-skin';
import { paymentConfigQuery } from './payment-api';

/**
 * The card form of the live provider, as GET /api/config names it (Stripe Elements or the local card form):
 * the shared checkout (@linkbio/checkout-ui) in the dashboard's look, its config read through React Query.
 */
export function CardPaymentForm(props: Omit<PaymentFormProps, 'skin' | 'texts'>) {
  const queryClient = useQueryClient();
  return (
    <CardPayment
      {...props}
      skin={DASHBOARD_SKIN}
      texts={DASHBOARD_TEXTS}
      loadConfig={() => queryClient.ensureQueryData(paymentConfigQuery())}
    />
  );
}
