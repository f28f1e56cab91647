import { randomUUID } from 'node:crypto';
import { describeSlotHoldStoreContract } from './slot-hold-store.contract.js';
import { InMemorySlotHoldStore } from './in-memory-slot-hold.store.js';

describeSlotHoldStoreContract('in memory', async () => {
  const store = new InMemorySlotHoldStore();
  return { creators: [randomUUID(), randomUUID()], inTransaction: (work) => work(store), newId: randomUUID };
});
