import { defineConfig } from '@playwright/test';
import base from '../playwright.config';

/**
 * The deployed topology's specs (scripts/topology.mjs starts it and passes its addresses): the browser
 * speaks HTTPS to nginx, whose certificate is a self-signed one made for the run.
 */
export default defineConfig({
  ...base,
  testDir: '.',
  outputDir: process.env.E2E_OUTPUT_DIR ?? '../artifacts/topology-results',
  timeout: 90_000,
  use: { ...base.use, ignoreHTTPSErrors: true },
});
