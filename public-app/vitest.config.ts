import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The booking page's components in a DOM (jsdom); shared-contracts from its sources, as the dashboard's tests do. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    alias: {
      '@linkbio/shared-contracts': fileURLToPath(new URL('../shared-contracts/src/index.ts', import.meta.url)),
    },
  },
});
