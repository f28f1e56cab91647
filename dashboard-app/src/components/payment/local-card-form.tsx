import { LocalCardForm as SharedLocalCardForm, type PaymentFormProps } from '@linkbio/checkout-ui';
import { DASHBOARD_SKIN, DASHBOARD_TEXTS } from './checkout-skin';

/** The local test provider's card form (@linkbio/checkout-ui) in the dashboard's look. */
export function LocalCardForm(props: Omit<PaymentFormProps, 'skin' | 'texts'>) {
  return <SharedLocalCardForm {...props} skin={DASHBOARD_SKIN} texts={DASHBOARD_TEXTS} />;
}
