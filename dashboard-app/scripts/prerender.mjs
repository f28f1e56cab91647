// Renders the landing page ahead of time, after `vite build`: dist/landing.html, which the server sends for
// '/' to visitors who are not signed in (backend/src/web/serve-dashboard.ts). It paints without the app's
// bundle: the page's HTML as React renders it, only the CSS it uses (inline), and one small deferred script
// (src/features/landing/static-landing.ts) that cleans the claim box's username and, once the visitor heads
// for sign-in or sign-up, fetches the app's files for the screen they go to next.
import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
// Tailwind's own compiler and class scanner (installed with @tailwindcss/vite): the app's design system,
// built for the classes the landing page uses and nothing else.
import { compile, optimize } from '@tailwindcss/node';
import { Scanner } from '@tailwindcss/oxide';
import { build, createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;
const TITLE = 'One link for everything you share · Linkbio';

/** The landing's markup, rendered by the app's own components (signed out). */
async function renderMarkup() {
  const server = await createServer({
    root,
    logLevel: 'error',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  try {
    const { renderLandingMarkup } = await server.ssrLoadModule('/src/features/landing/landing-markup.tsx');
    return renderLandingMarkup();
  } finally {
    await server.close();
  }
}

/** The app's CSS (src/styles/index.css) for exactly the classes in `html`, minified. */
async function cssFor(html) {
  const base = `${root}src/styles`;
  const compiler = await compile(await readFile(`${base}/index.css`, 'utf8'), { base, onDependency: () => {} });
  const candidates = new Scanner({}).scanFiles([{ content: html, extension: 'html' }]);
  return optimize(compiler.build(candidates), { minify: true }).code.trim();
}

/** static-landing.ts, bundled and minified, as dist/assets/landing-{hash}.js; returns its URL. */
async function buildScript() {
  const result = await build({
    root,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@': `${root}src` } },
    build: {
      write: false,
      minify: true,
      target: 'es2020',
      lib: { entry: `${root}src/features/landing/static-landing.ts`, formats: ['es'] },
      rolldownOptions: {
        // shared-contracts' DTO modules (class-validator) are not needed here: keep only what is imported.
        treeshake: { moduleSideEffects: (id) => !id.includes('/shared-contracts/') },
      },
    },
  });
  const code = (Array.isArray(result) ? result[0] : result).output.find(
    (chunk) => chunk.type === 'chunk' && chunk.isEntry,
  ).code;
  const name = `landing-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
  await writeFile(`${dist}/assets/${name}`, code);
  return `/assets/${name}`;
}

/** The app's own files, as dist/index.html loads them: fetched by the landing when the visitor heads for sign-up. */
const appAssets = (indexHtml) =>
  [...indexHtml.matchAll(/<(?:script|link)\b[^>]*?\b(?:src|href)="(\/assets\/[^"]+)"/g)].map(([, url]) => url);

async function main() {
  const indexHtml = await readFile(`${dist}/index.html`, 'utf8');
  const markup = await renderMarkup();
  const [css, script] = await Promise.all([cssFor(markup), buildScript()]);
  const html = indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${TITLE}</title>`)
    .replace(/\s*<script\b[^>]*><\/script>/g, '')
    .replace(/\s*<link\b[^>]*\brel="(?:modulepreload|stylesheet)"[^>]*>/g, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace(
      '</head>',
      () =>
        `    <style>${css}</style>\n    <script type="module" src="${script}" fetchpriority="low" data-app-assets="${appAssets(indexHtml).join(' ')}"></script>\n  </head>`,
    )
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  if (/<\/style/i.test(css)) throw new Error('The CSS would end its own <style> element.');
  if (!html.includes(markup) || !html.includes(css)) throw new Error('dist/index.html is not shaped as expected.');
  await writeFile(`${dist}/landing.html`, html);
  console.log(
    `prerender: dist/landing.html (${Buffer.byteLength(html)} B, of which ${Buffer.byteLength(css)} B CSS), ${script}`,
  );
}

main().catch((error) => {
  console.error(`prerender: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
  process.exit(1);
});
