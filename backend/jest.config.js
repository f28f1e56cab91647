/** Unit specs: domain rules and use cases against in-memory fakes. */
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2023',
    },
    module: { type: 'es6' },
  },
];

export const base = {
  extensionsToTreatAsEsm: ['.ts'],
  transform: { '^.+\\.ts$': swc },
  moduleNameMapper: {
    '^@linkbio/shared-contracts$': '<rootDir>/../shared-contracts/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  testEnvironment: 'node',
};

export default {
  ...base,
  displayName: 'unit',
  roots: ['<rootDir>/src'],
  testMatch: ['**/*.spec.ts'],
};
