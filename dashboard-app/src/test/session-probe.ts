/*
 * The specs describe who is signed in as GET /api/auth/me answers it (the creator's view, or 401). The app
 * asks GET /api/auth/session instead, which the API answers from the same session: `{ user }` with what /me
 * gives, or `{ user: null }` where /me answers 401. The stubs derive that answer from a spec's /me, unless the
 * spec lists /api/auth/session itself.
 */

export const SESSION_PROBE = 'GET /api/auth/session';
export const CURRENT_USER = 'GET /api/auth/me';

type Reply = { status?: number; body?: unknown } | 'pending';

/** The probe's answer, given what /me would answer; null when there is no /me stub (the call answers 404). */
export function sessionProbeReply<R extends Reply>(me: R | undefined): R | { status: number; body: unknown } | undefined {
  if (me === undefined || me === 'pending') return me;
  const status = me.status ?? 200;
  return { status: 200, body: { user: status >= 200 && status < 300 ? (me.body ?? null) : null } };
}
