import { describeUserRepositoryContract } from './user-repository.contract.js';
import { InMemoryUserRepository } from './in-memory-user.repository.js';

describeUserRepositoryContract('in memory', async () => {
  const users = new InMemoryUserRepository();
  return { users, reopen: () => users, cleanup: async () => {} };
});
