import { ConnectionException, DriverException } from '@mikro-orm/core';
import { isStoreUnavailable } from './store-unavailable.js';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const named = (name: string, message: string) => Object.assign(new Error(message), { name });

describe('isStoreUnavailable', () => {
  it.each([
    ['MikroORM could not connect', new ConnectionException(new Error('connect ECONNREFUSED 127.0.0.1:5432'))],
    ['a refused socket', withCode('connect ECONNREFUSED 127.0.0.1:6379', 'ECONNREFUSED')],
    ['PostgreSQL shutting down (57P01)', withCode('terminating connection due to administrator command', '57P01')],
    ['PostgreSQL starting up (57P03)', withCode('the database system is starting up', '57P03')],
    ['a lost PostgreSQL connection (08006)', withCode('connection failure', '08006')],
    ['pg losing its connection', new Error('Connection terminated unexpectedly')],
    ['ioredis giving up', named('MaxRetriesPerRequestError', 'Reached the max retries per request limit (which is 1).')],
    ['ioredis with Redis away', new Error("Stream isn't writeable and enableOfflineQueue options is false")],
    ['ioredis waiting too long', new Error('Command timed out')],
    ['a driver error caused by a lost connection', new DriverException(withCode('terminating connection due to administrator command', '57P01'))],
    ['an error whose cause is a refused socket', new Error('session store failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') })],
  ])('says yes for %s', (_case, error) => {
    expect(isStoreUnavailable(error)).toBe(true);
  });

  it.each([
    ['a unique violation (23505)', withCode('duplicate key value violates unique constraint', '23505')],
    ['a syntax error (42601)', withCode('syntax error at or near "selec"', '42601')],
    ['a plain bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error at all', 'connect ECONNREFUSED'],
    ['nothing', undefined],
  ])('says no for %s', (_case, error) => {
    expect(isStoreUnavailable(error)).toBe(false);
  });
});
