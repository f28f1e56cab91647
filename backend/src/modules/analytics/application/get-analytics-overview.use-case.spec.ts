import { InMemoryAnalyticsStore } from '../testing/in-memory-analytics.store.js';
import type { AnalyticsEvent } from '../domain/analytics.js';
import { GetAnalyticsOverviewUseCase } from './get-analytics-overview.use-case.js';

const ALICE = 'a3c8e2d4-1111-4a6b-9c0d-00000000000a';
const BOB = 'a3c8e2d4-1111-4a6b-9c0d-00000000000b';
const LINK = 'a3c8e2d4-1111-4a6b-9c0d-0000000000c1';

const setup = () => {
  const store = new InMemoryAnalyticsStore();
  return { store, overview: new GetAnalyticsOverviewUseCase(store) };
};

const event = (kind: AnalyticsEvent['kind'], ownerId = ALICE): AnalyticsEvent => ({
  kind,
  ownerId,
  linkId: kind === 'click' ? LINK : null,
  occurredAt: new Date('2026-03-02T12:00:00.000Z'),
  referrer: null,
  device: 'mobile',
});

describe('GetAnalyticsOverviewUseCase', () => {
  it('answers the creator’s totals, click rate and active links', async () => {
    const { store, overview } = setup();
    for (const kind of ['view', 'view', 'view', 'click'] as const) await store.record(event(kind));
    await store.record(event('view', BOB));
    await store.record(event('click', BOB));

    expect(await overview.execute(ALICE, 4)).toEqual({
      totalViews: 3,
      totalClicks: 1,
      clickRate: 33.3,
      activeLinks: 4,
    });
  });

  it('answers zeros, with a click rate of 0, before anyone visits', async () => {
    const { overview } = setup();

    expect(await overview.execute(ALICE, 0)).toEqual({ totalViews: 0, totalClicks: 0, clickRate: 0, activeLinks: 0 });
  });

  it('gives a click rate of 0 for clicks without views', async () => {
    const { store, overview } = setup();
    await store.record(event('click'));

    expect(await overview.execute(ALICE, 1)).toEqual({ totalViews: 0, totalClicks: 1, clickRate: 0, activeLinks: 1 });
  });
});
