/** Specs of the scripts themselves (`npm start`'s supervision and stop): plain ES modules, no transform. */
export default {
  displayName: 'scripts',
  rootDir: '.',
  testMatch: ['<rootDir>/tests/**/*.test.mjs'],
  moduleFileExtensions: ['mjs', 'js', 'json'],
  transform: {},
  testEnvironment: 'node',
};
