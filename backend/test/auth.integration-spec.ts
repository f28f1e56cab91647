import type { INestApplication } from '@nestjs/common';
import { Messages } from '@linkbio/shared-contracts';
import { agent, Database, registration, signedInCreator, startApp, unique } from './support/harness.js';

describe('identity over HTTP', () => {
  let app: INestApplication;
  let db: Database;

  beforeAll(async () => {
    app = await startApp();
    db = new Database();
  });

  afterAll(async () => {
    await db.close();
    await app.close();
  });

  it('registers a creator, signs them in and shows their own view', async () => {
    const client = agent(app);
    const details = registration({ bio: 'Hello there' });
    const created = await client.post('/api/auth/register').send(details).expect(201);
    expect(created.body).toMatchObject({ username: details.username, email: details.email, bio: 'Hello there', isPremium: false });
    expect(created.body).not.toHaveProperty('passwordHash');
    const me = await client.get('/api/auth/me').expect(200);
    expect(me.body.id).toBe(created.body.id);
    expect(JSON.stringify(me.body)).not.toContain('argon2');
  });

  it('answers 401 to /api/auth/me without a session', async () => {
    const response = await agent(app).get('/api/auth/me').expect(401);
    expect(response.body).toEqual({ statusCode: 401, message: Messages.notSignedIn });
  });
});
