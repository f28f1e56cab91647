import type { Subscriber } from '../domain/subscriber.js';
import { subscribersCsv } from './subscribers-csv.js';

const at = new Date('2026-03-02T12:00:00.000Z');
const subscriber = (email: string): Subscriber => ({
  id: 's',
  creatorId: 'c',
  email,
  status: 'confirmed',
  source: 'page',
  createdAt: at,
  confirmedAt: at,
  unsubscribedAt: null,
});

describe('subscribersCsv', () => {
  it('writes a header and a row per subscriber, CRLF, cells a spreadsheet will not run', () => {
    const csv = subscribersCsv([subscriber('fan@example.com'), subscriber('=cmd|"x"@example.com'), subscriber('+1@example.com')]);
    expect(csv.split('\r\n')).toEqual([
      'Email,Status,Source,Subscribed (UTC),Confirmed (UTC),Unsubscribed (UTC)',
      'fan@example.com,confirmed,page,2026-03-02T12:00:00.000Z,2026-03-02T12:00:00.000Z,',
      `"'=cmd|""x""@example.com",confirmed,page,2026-03-02T12:00:00.000Z,2026-03-02T12:00:00.000Z,`,
      "'+1@example.com,confirmed,page,2026-03-02T12:00:00.000Z,2026-03-02T12:00:00.000Z,",
      '',
    ]);
  });
});
