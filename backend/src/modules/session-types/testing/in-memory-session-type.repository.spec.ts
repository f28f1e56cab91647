import { newId } from '../../../shared/ids.js';
import { InMemorySessionTypeRepository } from './in-memory-session-type.repository.js';
import { describeSessionTypeRepositoryContract } from './session-type-repository.contract.js';

describeSessionTypeRepositoryContract('in memory', async () => {
  const types = new InMemorySessionTypeRepository();
  return {
    types,
    newCreator: async (implicit) => {
      const id = newId();
      if (implicit) types.implicit.set(id, implicit);
      return id;
    },
    cleanup: async () => {},
  };
});
