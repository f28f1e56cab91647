import {
  PAYOUT_STATUSES,
  type AdminPayoutsResponse,
  type AdminPayoutView,
  type PayoutsResponse,
  type PayoutView,
} from '@linkbio/shared-contracts';
import { arrayOf, component, dateTime, integer, nullable, objectOf, oneOfValues, string, uuid } from '../../../shared/http/openapi/schema.js';

/** The payouts answers' shapes, for the API description (payout.views.ts makes them). */
const payoutFields = {
  id: uuid,
  week: { ...string, description: 'ISO week, e.g. 2026-W47.' },
  amount: { ...integer, description: 'Integer cents.' },
  currency: string,
  method: nullable(oneOfValues(['paypal', 'cashapp'])),
  status: oneOfValues(PAYOUT_STATUSES),
  createdAt: dateTime,
  paidAt: nullable(dateTime),
};

const Payout = component('PayoutView', objectOf<PayoutView>()(payoutFields));

export const Payouts = component(
  'PayoutsResponse',
  objectOf<PayoutsResponse>()({
    payouts: arrayOf(Payout),
    balance: { ...integer, description: 'Integer cents in no payout yet, refunds taken off; negative while refunds exceed it.' },
  }),
);

export const AdminPayout = component(
  'AdminPayoutView',
  objectOf<AdminPayoutView>()({
    ...payoutFields,
    creatorId: uuid,
    username: string,
    destination: nullable(string),
    reference: nullable(string),
    providerBatchId: nullable(string),
    failureReason: nullable(string),
  }),
);

export const AdminPayouts = component('AdminPayoutsResponse', objectOf<AdminPayoutsResponse>()({ payouts: arrayOf(AdminPayout) }));
