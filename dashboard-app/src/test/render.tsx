import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { vi } from 'vitest';
import type { UserView } from '@linkbio/shared-contracts';
import { AppProviders } from '@/app/app';
import { useToastStore } from '@/components/ui/toast-store';
import { createQueryClient } from '@/lib/query-client';
import { CURRENT_USER, SESSION_PROBE, sessionProbeReply } from './session-probe';

/**
 * Renders routes the way the app does (StrictMode, AppProviders with a fresh data client, a router) starting
 * at `path`. `router.state.location` tells where the screen navigated to.
 */
export function renderRoutes(routes: RouteObject[], path = '/') {
  useToastStore.setState({ toasts: [] });
  const client = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <AppProviders client={client}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, user, router, client };
}

/** A stand-in screen for a route the test does not look into, naming itself in a heading. */
export const stubRoute = (path: string, name = path): RouteObject => ({ path, element: <h1>{name}</h1> });

type Reply = { status?: number; body?: unknown } | 'pending';

/**
 * Replaces fetch with canned answers keyed by 'METHOD /path' (the query string ignored). An unlisted call
 * answers 404, as the API does; 'pending' never answers. Returns the mock, to inspect the calls.
 */
export function stubApi(replies: Record<string, Reply | (() => Reply)>) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    const answer = (name: string) => {
      const entry = replies[name];
      return typeof entry === 'function' ? entry() : entry;
    };
    const reply =
      (key === SESSION_PROBE && !(key in replies) ? sessionProbeReply(answer(CURRENT_USER)) : answer(key)) ??
      ({ status: 404, body: { statusCode: 404, message: 'Not found' } } as const);
    if (reply === 'pending') return new Promise<Response>(() => {});
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? '' : JSON.stringify(reply.body);
    return Promise.resolve(
      new Response(status === 204 ? null : text, { status, headers: { 'Content-Type': 'application/json' } }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** GET /api/auth/me answering 401: nobody signed in. */
export const signedOut = {
  'GET /api/auth/me': { status: 401, body: { statusCode: 401, message: 'Please sign in to continue' } },
};

/** A creator's own view, as GET /api/auth/me returns it. */
export function aCreator(overrides: Partial<UserView> = {}): UserView {
  return {
    id: 'c0ffee00-0000-4000-8000-000000000001',
    username: 'alex',
    email: 'alex@example.com',
    displayName: 'Alex Rivera',
    bio: null,
    avatar: null,
    theme: 'default',
    backgroundColor: null,
    backgroundImage: null,
    buttonColor: null,
    buttonTextColor: null,
    buttonShape: 'rounded',
    paypalEmail: null,
    cashappHandle: null,
    enableBooking: false,
    bookingPrice: null,
    isPremium: false,
    emailVerified: true,
    createdAt: '2024-01-01T00:00:00.000Z',
    socials: [],
    socialsPosition: 'top',
    seo: { title: null, description: null, image: null },
    ...overrides,
  };
}

/**
 * Waits for the toast titled `title` on screen; returns its element with what was shown (title, description,
 * variant) as the toast store holds it.
 */
export async function findToast(title: string) {
  const region = await screen.findByRole('region', { name: /notifications/i });
  const element = await waitFor(() => {
    const item = within(region)
      .queryAllByRole('listitem')
      .find((candidate) => candidate.textContent?.startsWith(title));
    if (!item) throw new Error(`No toast titled '${title}'`);
    return item;
  });
  const shown = useToastStore.getState().toasts.find((toast) => toast.title === title);
  return { element, title, description: shown?.description, variant: shown?.variant };
}
