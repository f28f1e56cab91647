import { base } from './jest.config.js';

/** Integration specs: the HTTP API over real PostgreSQL and Redis, on a database made for this run. */
export default {
  ...base,
  displayName: 'integration',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.integration-spec.ts'],
  globalSetup: '<rootDir>/test/support/global-setup.mjs',
  globalTeardown: '<rootDir>/test/support/global-teardown.mjs',
  // Every answer the specs receive is checked against the API's OpenAPI description; no secret the APIs
  // hand out (in an answer or an e-mail) may be in a line they log.
  setupFilesAfterEnv: ['<rootDir>/test/support/openapi-responses.ts', '<rootDir>/test/support/secrets-never-logged.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
};
