import { describeUserRepositoryContract } from './user-repository.contract.js';
import { describeUsernameHoldsContract } from './username-holds.contract.js';
import { InMemoryUserRepository } from './in-memory-user.repository.js';

const inMemory = async () => {
  const users = new InMemoryUserRepository();
  return { users, reopen: () => users, cleanup: async () => {} };
};

describeUserRepositoryContract('in memory', inMemory);
describeUsernameHoldsContract('in memory', inMemory);
