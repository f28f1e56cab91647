import { PAID_SALE_STATUSES, type OrderConfirmResponse, type OrderCreatedResponse, type SalesPage, type SaleView, type TipSettingsView } from '@linkbio/shared-contracts';
import { arrayOf, boolean, component, dateTime, integer, nullable, object, objectOf, oneOfValues, optional, string, uuid } from '../../../shared/http/openapi/schema.js';

/** The sales answers' shapes, for the API description. Amounts are integer cents. */
const cents = { ...integer, description: 'Integer cents.' };
const SALE_STATUSES = ['pending_payment', 'failed', 'expired', ...PAID_SALE_STATUSES];

export const OrderCreated = component(
  'OrderCreatedResponse',
  objectOf<OrderCreatedResponse>()({ clientSecret: string, userAmount: cents, platformFee: cents, amount: cents, discountCents: cents }),
);

const SaleViewSchema = component(
  'SaleView',
  objectOf<SaleView>()({
    id: uuid,
    kind: oneOfValues(['product', 'tip']),
    customerName: nullable(string),
    customerEmail: string,
    title: string,
    message: nullable(string),
    amount: cents,
    userAmount: cents,
    platformFee: cents,
    discountCents: cents,
    status: oneOfValues(SALE_STATUSES),
    createdAt: dateTime,
    paidAt: nullable(dateTime),
  }),
);

export const Sales = component('SalesPage', objectOf<SalesPage>()({ sales: arrayOf(SaleViewSchema), nextCursor: nullable(string) }));

export const SaleRefunded = component('SaleRefundResponse', object({ sale: SaleViewSchema }));

export const TipSettings = component(
  'TipSettingsView',
  objectOf<TipSettingsView>()({ enabled: boolean, presets: arrayOf(cents), message: nullable(string) }),
);

export const OrderConfirmed = component(
  'OrderConfirmResponse',
  objectOf<OrderConfirmResponse>()({ status: oneOfValues(SALE_STATUSES), message: optional(string) }),
);
