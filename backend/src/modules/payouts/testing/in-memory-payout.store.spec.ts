import { InMemoryPayoutStore } from './in-memory-payout.store.js';
import { payoutStoreContract } from './payout-store.contract.js';

payoutStoreContract('InMemoryPayoutStore', () => {
  const store = new InMemoryPayoutStore();
  return {
    store,
    addCreator: (details = {}) => Promise.resolve(store.addCreator(details).id),
    addEntry: (creatorId, amount, at) => Promise.resolve(store.addEntry(creatorId, amount, at).id),
    entriesOf: (creatorId) =>
      Promise.resolve(store.entriesOf(creatorId).map(({ id, payoutId, paidOutAt }) => ({ id, payoutId, paidOutAt }))),
  };
});
