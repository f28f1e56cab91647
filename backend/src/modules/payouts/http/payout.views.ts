import type { AdminPayoutView, PayoutView } from '@linkbio/shared-contracts';
import type { PayoutWithCreator } from '../application/ports/payout.store.js';
import type { Payout } from '../domain/payout.js';

export const toPayoutView = (p: Payout): PayoutView => ({
  id: p.id,
  week: p.week,
  amount: p.amount,
  currency: p.currency,
  method: p.method,
  status: p.status,
  createdAt: p.createdAt.toISOString(),
  paidAt: p.paidAt?.toISOString() ?? null,
});

export const toAdminPayoutView = (p: PayoutWithCreator): AdminPayoutView => ({
  ...toPayoutView(p),
  creatorId: p.creatorId,
  username: p.username,
  destination: p.destination,
  reference: p.reference,
  providerBatchId: p.providerBatchId,
  failureReason: p.failureReason,
});
