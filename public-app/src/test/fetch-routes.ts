import { vi } from 'vitest';

/** A reply of the mocked API: its status and JSON body. */
export interface Reply {
  status: number;
  body: unknown;
}

/**
 * Stubs fetch with answers by "METHOD path" ('GET /api/config'); each call is recorded with its JSON body.
 * An unknown route answers 404, so a test never reaches the network.
 */
export function stubApi(routes: Record<string, Reply | ((body: unknown) => Reply)>) {
  const calls: Array<{ route: string; body: unknown }> = [];
  const fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const route = `${init?.method ?? 'GET'} ${url}`;
    const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ route, body });
    const answer = routes[route];
    const reply =
      typeof answer === 'function' ? answer(body) : (answer ?? { status: 404, body: { message: 'Not found' } });
    return Promise.resolve(
      new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, bodiesOf: (route: string) => calls.filter((call) => call.route === route).map((call) => call.body) };
}

export const LOCAL_CONFIG: Reply = { status: 200, body: { paymentProvider: 'local', stripePublishableKey: null } };
export const CHARGED: Reply = { status: 200, body: { status: 'succeeded', returnUrl: null } };
