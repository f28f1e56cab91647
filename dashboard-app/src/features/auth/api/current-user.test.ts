import { afterEach, describe, expect, it, vi } from 'vitest';
import { aCreator, stubApi } from '@/test/render';
import { fetchCurrentUser } from './current-user';

afterEach(() => vi.unstubAllGlobals());

const calls = (fetchMock: ReturnType<typeof stubApi>) => fetchMock.mock.calls.map(([path]) => String(path));

describe('fetchCurrentUser', () => {
  it('asks the session probe, which answers a visitor 200 with no user: no failing request', async () => {
    const fetchMock = stubApi({ 'GET /api/auth/session': { body: { user: null } } });
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(calls(fetchMock)).toEqual(['/api/auth/session']);
  });

  it('reads the signed-in creator from it', async () => {
    const creator = aCreator({ username: 'sam' });
    stubApi({ 'GET /api/auth/session': { body: { user: creator } } });
    await expect(fetchCurrentUser()).resolves.toEqual(creator);
  });

  it('takes any failure as signed out (spec §4)', async () => {
    stubApi({ 'GET /api/auth/session': { status: 503, body: { message: 'Down' } } });
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });
});
