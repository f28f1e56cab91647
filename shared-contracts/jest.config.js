import { typescriptEsm } from '../jest.preset.js';

/** Unit specs of the shared helpers. */
export default {
  ...typescriptEsm,
  displayName: 'shared-contracts',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
};
