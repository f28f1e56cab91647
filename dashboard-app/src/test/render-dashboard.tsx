import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, vi } from 'vitest';
import type { AnalyticsView, LinkView, UserView } from '@linkbio/shared-contracts';
import { AppProviders } from '@/app/app';
import { useToastStore } from '@/components/ui/toast-store';
import { createQueryClient } from '@/lib/query-client';
import { CURRENT_USER, SESSION_PROBE, sessionProbeReply } from './session-probe';

// jsdom lacks what Radix and dnd-kit measure with.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.scrollIntoView ??= () => {};
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  useToastStore.setState({ toasts: [] });
});

export const aUser = (overrides: Partial<UserView> = {}): UserView => ({
  id: '0b8f1c1e-4a57-4e33-9a55-5d1bb1a7d001',
  username: 'maya',
  email: 'maya@example.com',
  displayName: 'Maya Chen',
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
  createdAt: '2026-01-01T00:00:00.000Z',
  socials: [],
  socialsPosition: 'top',
  seo: { title: null, description: null, image: null },
  ...overrides,
});

let linkCounter = 0;
export const aLink = (overrides: Partial<LinkView> = {}): LinkView => {
  linkCounter += 1;
  return {
    id: `0b8f1c1e-4a57-4e33-9a55-5d1bb1a7d${String(100 + linkCounter).padStart(3, '0')}`,
    kind: 'link',
    title: `Link ${linkCounter}`,
    url: `https://example.com/${linkCounter}`,
    clicks: 0,
    isActive: true,
    order: 0,
    startsAt: null,
    endsAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    thumbnail: null,
    ...overrides,
  };
};

export const anAnalytics = (overrides: Partial<AnalyticsView> = {}): AnalyticsView => ({
  totalClicks: 0,
  totalViews: 0,
  clickRate: 0,
  activeLinks: 0,
  ...overrides,
});

export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

export interface Reply {
  status?: number;
  body?: unknown;
}

type Route = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

/** A promise that never settles: a call that stays pending for the whole test. */
export const never = () => new Promise<Reply>(() => {});

/**
 * Replaces fetch with a table of answers keyed "METHOD /path"; unknown calls answer 404. Returns the calls
 * made, in order.
 */
export function stubApi(routes: Record<string, Route>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const call = { method, path, body };
    calls.push(call);
    const answer = async (key: string) => {
      const route = routes[key];
      return typeof route === 'function' ? await route(call) : route;
    };
    const key = `${method} ${path}`;
    const reply: Reply = (key === SESSION_PROBE && !(key in routes)
      ? sessionProbeReply(await answer(CURRENT_USER))
      : await answer(key)) ?? { status: 404, body: { statusCode: 404, message: 'Not found' } };
    const status = reply.status ?? 200;
    const text = reply.body === undefined ? null : JSON.stringify(reply.body);
    return new Response(status === 204 ? null : text, {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

/** Renders a screen as the app does (StrictMode, the app's providers, a fresh data client) in a memory router at /dashboard. */
export function renderDashboard(ui: ReactNode, { path = '/dashboard' }: { path?: string } = {}) {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: '/dashboard', element: ui },
      { path: '/auth', element: <p>Auth screen</p> },
      { path: '/subscribe', element: <p>Subscribe screen</p> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  const view = render(
    <StrictMode>
      <AppProviders client={client}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return { ...view, client, router, user };
}
