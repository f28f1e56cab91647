import { typescriptEsm } from '../jest.preset.js';

/** Unit specs: domain rules and use cases against in-memory fakes. */
export const base = {
  ...typescriptEsm,
  moduleNameMapper: {
    '^@linkbio/shared-contracts$': '<rootDir>/../shared-contracts/src/index.ts',
    ...typescriptEsm.moduleNameMapper,
  },
};

export default {
  ...base,
  displayName: 'unit',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
};
