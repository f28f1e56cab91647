import type { NextFunction, Request, Response } from 'express';
import { Messages } from '@linkbio/shared-contracts';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { Env } from '../../config/env.js';
import type { LimiterFactory } from '../infrastructure/rate-limiters.js';
import { OPERATOR_FAILURES_PER_IP, OperatorSignInLimit, requireOperator } from './operator-auth.js';

const OPERATOR = { OPERATOR_USER: 'ops', OPERATOR_PASSWORD: 'correct horse battery' } as Env;
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
const memory: LimiterFactory = (keyPrefix, points, duration) => new RateLimiterMemory({ keyPrefix, points, duration });

interface Answer {
  status: number | null;
  headers: Record<string, string>;
  body: unknown;
  passed: boolean;
}

/** Runs the middleware on one request from `ip`, answering what it sent (or that it let the request through). */
async function call(
  middleware: ReturnType<typeof requireOperator>,
  ip: string,
  authorization?: string,
): Promise<Answer> {
  const answer: Answer = { status: null, headers: {}, body: undefined, passed: false };
  await new Promise<void>((done) => {
    const response = {
      status(code: number) {
        answer.status = code;
        return response;
      },
      set(name: string, value: string) {
        answer.headers[name.toLowerCase()] = value;
        return response;
      },
      json(body: unknown) {
        answer.body = body;
        done();
        return response;
      },
    };
    const request = { ip, get: (name: string) => (name.toLowerCase() === 'authorization' ? authorization : undefined) };
    const next: NextFunction = () => {
      answer.passed = true;
      done();
    };
    middleware(request as unknown as Request, response as unknown as Response, next);
  });
  return answer;
}

describe('requireOperator: the operators’ sign-in, limited per client address', () => {
  it(`holds a client address after ${OPERATOR_FAILURES_PER_IP} wrong credentials, even the right ones, and only it`, async () => {
    const middleware = requireOperator(OPERATOR, new OperatorSignInLimit(memory));
    for (let i = 0; i < OPERATOR_FAILURES_PER_IP; i += 1) {
      expect((await call(middleware, '10.0.0.1', basic('ops', `wrong ${i}`))).status).toBe(401);
    }

    const held = await call(middleware, '10.0.0.1', basic('ops', OPERATOR.OPERATOR_PASSWORD!));

    expect(held.status).toBe(429);
    expect(held.passed).toBe(false);
    expect(Number(held.headers['retry-after'])).toBeGreaterThan(14 * 60);
    expect(held.body).toEqual({ statusCode: 429, message: Messages.tooManyAttempts(15) });
    expect((await call(middleware, '10.0.0.2', basic('ops', OPERATOR.OPERATOR_PASSWORD!))).passed).toBe(true);
  });

  it('counts neither the right credentials nor a request without any', async () => {
    const middleware = requireOperator(OPERATOR, new OperatorSignInLimit(memory));
    for (let i = 0; i < OPERATOR_FAILURES_PER_IP * 2; i += 1) {
      expect((await call(middleware, '10.0.1.1', basic('ops', OPERATOR.OPERATOR_PASSWORD!))).passed).toBe(true);
      expect((await call(middleware, '10.0.1.1')).status).toBe(401);
    }
    expect((await call(middleware, '10.0.1.1', basic('ops', 'wrong'))).status).toBe(401);
  });

  it('counts nothing while operator access is not configured', async () => {
    const middleware = requireOperator({} as Env, new OperatorSignInLimit(memory));
    for (let i = 0; i < OPERATOR_FAILURES_PER_IP + 2; i += 1) {
      const closed = await call(middleware, '10.0.2.1', basic('ops', 'anything'));
      expect(closed.status).toBe(401);
      expect(closed.body).toEqual({
        statusCode: 401,
        message: 'Operator access is not configured: set OPERATOR_USER and OPERATOR_PASSWORD.',
      });
    }
  });

  it('answers 503 with Retry-After while the store of the limits is away', async () => {
    const away: LimiterFactory = (keyPrefix, points, duration) => {
      const limiter = new RateLimiterMemory({ keyPrefix, points, duration });
      limiter.get = () =>
        Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:6379'), { code: 'ECONNREFUSED' }));
      return limiter;
    };
    const middleware = requireOperator(OPERATOR, new OperatorSignInLimit(away));

    const answer = await call(middleware, '10.0.3.1', basic('ops', OPERATOR.OPERATOR_PASSWORD!));

    expect(answer).toMatchObject({ status: 503, headers: { 'retry-after': '5' }, passed: false });
    expect(answer.body).toEqual({ statusCode: 503, message: Messages.serviceUnavailable });
  });
});
