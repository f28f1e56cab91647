import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** Component and server-render tests of the public pages (jsdom), on the shared packages' sources. */
export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    alias: {
      '@linkbio/shared-contracts': fileURLToPath(new URL('../shared-contracts/src/index.ts', import.meta.url)),
      '@linkbio/checkout-ui': fileURLToPath(new URL('../checkout-ui/src/index.ts', import.meta.url)),
    },
  },
});
