import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Two builds (see package.json): the client bundle of the booking page (dist/client, hashed files served by
 * the backend under /p/assets/ with a year-long cache) and the server entry (dist/server/entry-server.js)
 * that the backend imports to render the pages. The server entry bundles React, so it needs nothing from
 * node_modules at run time.
 */
/** Where the built client files are served: apart from the dashboard's /assets. */
const PUBLIC_BASE = '/p/';

export default defineConfig(({ isSsrBuild }) => ({
  base: PUBLIC_BASE,
  plugins: [react()],
  define: isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : undefined,
  ssr: { noExternal: true, target: 'node' },
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node24',
        minify: false,
        rolldownOptions: { output: { entryFileNames: 'entry-server.js' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        rolldownOptions: {
          input: { booking: 'src/entry-booking.tsx', embeds: 'src/entry-embeds.ts', subscribe: 'src/entry-subscribe.ts' },
          // shared-contracts' DTO modules (class-validator) are not needed here: keep only what is imported.
          treeshake: { moduleSideEffects: (id: string) => !id.includes('/shared-contracts/') },
        },
      },
}));
