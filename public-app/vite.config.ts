import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * Three builds (see package.json): the client bundle of the booking page and the embeds (dist/client, hashed
 * files served by the backend under /p/assets/ with a year-long cache); the checkout islands of the product
 * and tip pages (`--mode islands`: the same folder, their own manifest, so the booking page's bundle stays
 * whole and no heavier: nothing of it is split into chunks shared with the islands); and the server entry
 * (dist/server/entry-server.js) that the backend imports to render the pages. The server entry bundles React,
 * so it needs nothing from node_modules at run time.
 */
/** Where the built client files are served: apart from the dashboard's /assets. */
const PUBLIC_BASE = '/p/';

/** The islands' manifest, beside the booking build's .vite/manifest.json. */
export const ISLANDS_MANIFEST = '.vite/islands-manifest.json';

const ENTRIES: Record<string, Record<string, string>> = {
  pages: { booking: 'src/entry-booking.tsx', embeds: 'src/entry-embeds.ts', subscribe: 'src/entry-subscribe.ts' },
  islands: { product: 'src/entry-product.tsx', tip: 'src/entry-tip.tsx' },
};

export default defineConfig(({ isSsrBuild, mode }) => ({
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
        emptyOutDir: mode !== 'islands',
        manifest: mode === 'islands' ? ISLANDS_MANIFEST : true,
        rolldownOptions: {
          input: ENTRIES[mode === 'islands' ? 'islands' : 'pages'],
          // shared-contracts' DTO modules (class-validator) are not needed here: keep only what is imported.
          treeshake: { moduleSideEffects: (id: string) => !id.includes('/shared-contracts/') },
        },
      },
}));
