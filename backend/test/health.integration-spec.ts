import type { INestApplication } from '@nestjs/common';
import { createServer, connect, type Server, type Socket } from 'node:net';
import request from 'supertest';
import { loadEnv } from '../src/config/env.js';
import { createApp } from '../src/create-app.js';
import { testDatabaseUrl } from './support/harness.js';

/** A TCP relay to a real server that can be cut, to see the API notice an outage. */
class Relay {
  private readonly sockets = new Set<Socket>();
  private server: Server | null = null;
  port = 0;

  constructor(
    private readonly host: string,
    private readonly targetPort: number,
  ) {}

  open(): Promise<void> {
    this.server = createServer((client) => {
      const upstream = connect(this.targetPort, this.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => socket.destroy());
      }
      client.pipe(upstream).pipe(client);
    });
    return new Promise((resolve) =>
      this.server!.listen(this.port, '127.0.0.1', () => {
        const address = this.server!.address();
        this.port = typeof address === 'object' && address ? address.port : 0;
        resolve();
      }),
    );
  }

  cut(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

describe('GET /api/health', () => {
  let app: INestApplication;
  let database: Relay;
  let redis: Relay | null = null;

  beforeAll(async () => {
    const dbUrl = new URL(testDatabaseUrl());
    database = new Relay(dbUrl.hostname, Number(dbUrl.port || 5432));
    await database.open();
    dbUrl.hostname = '127.0.0.1';
    dbUrl.port = String(database.port);
    let redisUrl: string | undefined;
    if (process.env.REDIS_URL) {
      const parsed = new URL(process.env.REDIS_URL);
      redis = new Relay(parsed.hostname, Number(parsed.port || 6379));
      await redis.open();
      parsed.hostname = '127.0.0.1';
      parsed.port = String(redis.port);
      redisUrl = parsed.toString();
    }
    app = await createApp(
      loadEnv({
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: dbUrl.toString(),
        REDIS_URL: redisUrl,
        SESSION_SECRET: 'health-test-session-secret-0123456789abc',
      }),
    );
  });

  afterAll(async () => {
    await app.close();
    await database.cut();
    await redis?.cut();
  });

  it('answers 200 while everything is up', async () => {
    const response = await request(app.getHttpServer()).get('/api/health').expect(200);
    expect(response.body).toEqual({ status: 'ok', database: 'up', redis: process.env.REDIS_URL ? 'up' : 'not configured' });
  });

  it('answers 503 naming what is down once the connections are cut', async () => {
    await database.cut();
    await redis?.cut();
    const response = await request(app.getHttpServer()).get('/api/health').expect(503);
    expect(response.body.database).toBe('down');
    expect(response.body.message).toContain('database');
    if (redis) {
      expect(response.body.redis).toBe('down');
      expect(response.body.message).toContain('Redis');
    }
  });

  it('answers 200 again once they are back', async () => {
    await database.open();
    await redis?.open();
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt += 1) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await request(app.getHttpServer()).get('/api/health')).status;
    }
    expect(status).toBe(200);
  });
});
