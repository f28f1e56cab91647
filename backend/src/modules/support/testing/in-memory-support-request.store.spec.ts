import { InMemorySupportRequestStore } from './in-memory-support-request.store.js';
import { supportRequestStoreContract } from './support-request-store.contract.js';

supportRequestStoreContract('InMemorySupportRequestStore', () => {
  const store = new InMemorySupportRequestStore();
  return { store, addCreator: (details = {}) => Promise.resolve(store.addCreator(details).id) };
});
