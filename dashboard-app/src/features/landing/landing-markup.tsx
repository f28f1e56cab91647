import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { LandingPage } from '@/app/routes/landing-page';
import { currentUserKey } from '@/features/auth/api/current-user';
import { createQueryClient } from '@/lib/query-client';

export { SITE_HOST_MARKER } from './components/claim-box';

/**
 * The landing page as a signed-out visitor sees it, as HTML: rendered when the app is built
 * (scripts/prerender.mjs), so '/' paints before, and without, the app's bundle.
 */
export function renderLandingMarkup(): string {
  const client = createQueryClient();
  client.setQueryData(currentUserKey, null);
  return renderToString(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LandingPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
