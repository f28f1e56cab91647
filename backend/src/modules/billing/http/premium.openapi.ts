import type { PremiumCardSetupResponse, PremiumCardView, PremiumChargesResponse, PremiumChargeView } from '@linkbio/shared-contracts';
import { arrayOf, component, dateTime, integer, nullable, object, objectOf, oneOfValues, string, uuid } from '../../../shared/http/openapi/schema.js';

/** Premium billing's answers (issue 24), for the API description. Amounts are integer cents. */

const PremiumChargeSchema = component(
  'PremiumChargeView',
  objectOf<PremiumChargeView>()({
    id: uuid,
    date: dateTime,
    amountCents: { ...integer, description: 'Integer cents.' },
    currency: string,
    periodStart: nullable(dateTime),
    periodEnd: nullable(dateTime),
    cardLast4: nullable(string),
    receiptNumber: nullable(string),
    status: oneOfValues(['paid', 'declined']),
  }),
);

/** GET /api/subscription/charges: the creator's Premium charges, newest first. */
export const PremiumCharges = component('PremiumChargesResponse', objectOf<PremiumChargesResponse>()({ charges: arrayOf(PremiumChargeSchema) }));

/** The card that renews Premium; never its number. */
export const PremiumCard = component(
  'PremiumCardView',
  objectOf<PremiumCardView>()({
    card: nullable(object({ last4: string, expMonth: nullable(integer), expYear: nullable(integer) })),
  }),
);

export const PremiumCardSetup = component('PremiumCardSetupResponse', objectOf<PremiumCardSetupResponse>()({ clientSecret: string }));
