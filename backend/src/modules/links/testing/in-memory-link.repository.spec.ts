import { newId } from '../../../shared/ids.js';
import { describeLinkRepositoryContract } from './link-repository.contract.js';
import { InMemoryLinkRepository } from './in-memory-link.repository.js';

describeLinkRepositoryContract('in memory', async () => {
  const links = new InMemoryLinkRepository();
  return { links, reopen: () => links, newOwner: async () => newId(), cleanup: async () => {} };
});
