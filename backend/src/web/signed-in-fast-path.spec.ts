import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { jest } from '@jest/globals';
import request from 'supertest';
import type { SessionCookies, SignedInVisit } from '../modules/identity/http/session-cookies.js';
import { User } from '../modules/identity/domain/user.js';
import { signedInFastPath } from './signed-in-fast-path.js';

describe('signedInFastPath', () => {
  const user = User.register({ username: 'ada', email: 'ada@example.com', passwordHash: 'hash', displayName: 'Ada', bio: null }, new Date('2026-01-01T00:00:00.000Z'));
  let visit: SignedInVisit | null;
  let touched: number;
  let read: jest.Mock<(user: User) => Promise<unknown>>;
  const sessions = { signedIn: async () => visit } as unknown as SessionCookies;
  const full = jest.fn((_request: IncomingMessage, response: ServerResponse) => response.writeHead(299).end('full'));

  beforeEach(() => {
    touched = 0;
    visit = { user, setCookie: 'linkbio.sid=s%3Aabc.sig; Path=/', touch: () => (touched += 1) };
    read = jest.fn<(user: User) => Promise<unknown>>(async () => ({ id: user.id }));
    full.mockClear();
  });

  const server = () =>
    createServer(
      signedInFastPath(new Map([['/api/links', read]]), sessions, { headers: ['X-Frame-Options', 'SAMEORIGIN'], sessionCookie: 'linkbio.sid', protocolOf: () => 'http', compressFromBytes: 4096 }, full),
    );

  it.each(['/api/links', '/api/links/', '/api/links?fresh=1'])('answers GET %s itself, rolls the cookie and touches the session', async (path) => {
    const response = await request(server()).get(path).set('Cookie', 'linkbio.sid=s%3Aabc.sig').expect(200);
    expect(response.body).toEqual({ id: user.id });
    expect(response.headers['set-cookie']).toEqual(['linkbio.sid=s%3Aabc.sig; Path=/']);
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(read).toHaveBeenCalledWith(user);
    expect(touched).toBe(1);
    expect(full).not.toHaveBeenCalled();
  });

  it.each([
    ['another path', (test: request.Agent) => test.get('/api/links/other').set('Cookie', 'linkbio.sid=s%3Aabc.sig')],
    ['another method', (test: request.Agent) => test.post('/api/links').set('Cookie', 'linkbio.sid=s%3Aabc.sig')],
    ['no session cookie', (test: request.Agent) => test.get('/api/links').set('Cookie', 'theme=dark')],
    ['a body', (test: request.Agent) => test.get('/api/links').set('Cookie', 'linkbio.sid=s%3Aabc.sig').set('Content-Type', 'application/json').send('{}')],
    ['a query holding an escaped NUL', (test: request.Agent) => test.get('/api/links?x=a%00b').set('Cookie', 'linkbio.sid=s%3Aabc.sig')],
  ])('leaves a request with %s to the full pipeline', async (_case, call) => {
    const response = await call(request.agent(server())).expect(299);
    expect(response.text).toBe('full');
    expect(read).not.toHaveBeenCalled();
  });

  it('leaves a session that is not a signed-in creator’s to the full pipeline', async () => {
    visit = null;
    await request(server()).get('/api/links').set('Cookie', 'linkbio.sid=s%3Aabc.sig').expect(299);
    expect(read).not.toHaveBeenCalled();
  });

  it('leaves a read that fails to the full pipeline, which answers it as it always has', async () => {
    read.mockRejectedValueOnce(new Error('connection refused'));
    await request(server()).get('/api/links').set('Cookie', 'linkbio.sid=s%3Aabc.sig').expect(299);
    expect(full).toHaveBeenCalledTimes(1);
    expect(touched).toBe(0);
  });
});
