import { randomUUID } from 'node:crypto';
import type { INestApplication, INestApplicationContext } from '@nestjs/common';
import { AnalyticsRollups } from '../src/modules/analytics/application/ports/analytics-rollups.js';
import { AnalyticsEventProcessor } from '../src/modules/analytics/jobs/analytics-event.processor.js';
import type { QueueJob } from '../src/shared/queues/job-processor.js';
import type { AnalyticsEventJob, AnalyticsGroupJob } from '../src/shared/queues/queue-definitions.js';
import { Database, signedInCreator, startApp, startWorker } from './support/harness.js';

/*
 * Views and clicks are counted exactly once per batch (issue 13): the worker remembers each batch's id, one
 * row per batch instead of one per event, and a batch delivered again counts nothing. Jobs queued before
 * batches had ids (each event with an id of its own) are still counted once per event.
 */
describe('counting batches of views and clicks exactly once', () => {
  let app: INestApplication;
  let worker: INestApplicationContext;
  let db: Database;
  let processor: AnalyticsEventProcessor;

  beforeAll(async () => {
    app = await startApp();
    worker = await startWorker();
    db = new Database();
    processor = worker.get(AnalyticsEventProcessor);
  });

  afterAll(async () => {
    await db?.close();
    await worker?.close();
    await app?.close();
  });

  /** A creator with one link, and the shape of a view and a click of theirs as the API queues them. */
  async function creator() {
    const { client, user } = await signedInCreator(app);
    const link = (await client.post('/api/links').send({ title: 'Shop', url: 'https://example.com/shop' }).expect(201)).body as { id: string };
    const at = new Date().toISOString();
    const view = (): AnalyticsEventJob => ({ kind: 'view', ownerId: user.id, linkId: null, occurredAt: at, referrerHost: 'news.example', device: 'mobile' });
    const click = (): AnalyticsEventJob => ({ kind: 'click', ownerId: user.id, linkId: link.id, occurredAt: at, referrerHost: null, device: 'mobile' });
    const counts = async () => {
      const daily = await db.query<{ views: number; clicks: number }>('select views, clicks from analytics_daily where owner_id = $1', [user.id]);
      const total = await db.query<{ clicks: number }>('select clicks from analytics_link_totals where link_id = $1', [link.id]);
      const devices = await db.query<{ views: number }>("select views from analytics_breakdown_daily where owner_id = $1 and dimension = 'device' and key = 'mobile'", [user.id]);
      return { views: daily.rows[0]?.views ?? 0, clicks: daily.rows[0]?.clicks ?? 0, linkClicks: Number(total.rows[0]?.clicks ?? 0), mobileViews: devices.rows[0]?.views ?? 0 };
    };
    return { view, click, counts };
  }

  const job = (data: unknown, name: 'events' | 'event' = 'events') => ({ name, data, id: randomUUID() }) as unknown as QueueJob<'analytics'>;

  it('counts a batch once, however often it is delivered, and one row per batch is remembered', async () => {
    const { view, click, counts } = await creator();
    const batch = randomUUID();
    const data = { batch, events: [view(), view(), view(), click(), click()] };

    await processor.process(job(data));
    await Promise.all([processor.process(job(data)), processor.process(job(data))]);
    await processor.process(job(data));

    expect(await counts()).toEqual({ views: 3, clicks: 2, linkClicks: 2, mobileViews: 3 });
    const remembered = await db.query('select id from analytics_seen_batches where id = $1', [batch]);
    expect(remembered.rowCount).toBe(1);
  });

  it('counts different batches of the same events each', async () => {
    const { view, click, counts } = await creator();
    await processor.process(job({ batch: randomUUID(), events: [view(), click()] }));
    await processor.process(job({ batch: randomUUID(), events: [view(), click()] }));
    expect(await counts()).toEqual({ views: 2, clicks: 2, linkClicks: 2, mobileViews: 2 });
  });

  it('counts jobs queued before batches had ids once per event id', async () => {
    const { view, click, counts } = await creator();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    const old = { events: [{ ...view(), id: first }, { ...click(), id: second }] };

    await processor.process(job(old));
    await processor.process(job(old));
    await processor.process(job({ ...click(), id: third }, 'event'));
    await processor.process(job({ ...click(), id: third }, 'event'));

    expect(await counts()).toEqual({ views: 1, clicks: 2, linkClicks: 2, mobileViews: 1 });
  });

  it('counts batches of groups once each, and a visitor hash once a day whichever batch brings it', async () => {
    const { user } = await signedInCreator(app);
    const today = new Date().toISOString().slice(0, 10);
    const group = (count: number, visitors: string[], campaign: string | null = 'spring'): AnalyticsGroupJob => ({
      kind: 'view',
      ownerId: user.id,
      linkId: null,
      day: today,
      referrer: null,
      device: 'mobile',
      source: 'newsletter',
      medium: null,
      campaign,
      country: 'NL',
      count,
      visitors,
      firstAt: Date.now(),
    });
    const first = { batch: randomUUID(), groups: [group(5, ['-9123456789012345678', '42']), group(2, ['42'], null)] };
    // Another API process, which saw one of the same visitors.
    const second = { batch: randomUUID(), groups: [group(3, ['42', '7'])] };

    await processor.process(job(first));
    await Promise.all([processor.process(job(first)), processor.process(job(second))]);
    await processor.process(job(second));

    const daily = await db.query('select views, unique_visitors from analytics_daily where owner_id = $1', [user.id]);
    expect(daily.rows).toEqual([{ views: 10, unique_visitors: 3 }]);
    const campaigns = await db.query(
      "select key, views, unique_visitors from analytics_breakdown_daily where owner_id = $1 and dimension = 'campaign' order by key",
      [user.id],
    );
    expect(campaigns.rows).toEqual([
      { key: '', views: 2, unique_visitors: 1 },
      { key: 'spring', views: 8, unique_visitors: 3 },
    ]);
  });

  it('forgets the batches counted long ago', async () => {
    const { view } = await creator();
    const batch = randomUUID();
    await processor.process(job({ batch, events: [view()] }));
    await db.query("update analytics_seen_batches set seen_at = now() - interval '15 days' where id = $1", [batch]);

    expect(await worker.get(AnalyticsRollups).forgetSeenBefore(new Date(Date.now() - 14 * 24 * 3600 * 1000))).toBeGreaterThanOrEqual(1);
    expect((await db.query('select id from analytics_seen_batches where id = $1', [batch])).rowCount).toBe(0);
  });
});
