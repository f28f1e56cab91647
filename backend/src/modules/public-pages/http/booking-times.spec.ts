import { invalid, unavailable } from '../../../shared/domain-error.js';
import { OpenSlots, type OpenSlotsWeek } from '../../scheduling/application/ports/open-slots.js';
import type { PublicPage } from '../domain/public-page.js';
import { bookingTimesOf } from './booking-times.js';

const WEEK: OpenSlotsWeek = {
  timeZone: 'Europe/Berlin',
  sessionMinutes: 45,
  scheduled: true,
  slots: [{ start: '2027-03-02T08:00:00.000Z', end: '2027-03-02T08:45:00.000Z' }],
  from: '2027-03-01',
  today: '2027-03-01',
  lastDate: '2027-03-31',
};

/** OpenSlots answering `answer`, noting the `from` it was asked for. */
class FakeOpenSlots extends OpenSlots {
  readonly asked: Array<string | undefined> = [];
  constructor(private readonly answer: () => Promise<OpenSlotsWeek>) {
    super();
  }
  week(_username: string, from: string | undefined): Promise<OpenSlotsWeek> {
    this.asked.push(from);
    return this.answer();
  }
}

const page = (
  booking: { enableBooking: boolean; bookingPrice: number | null } = { enableBooking: true, bookingPrice: 3000 },
) => ({ ownerId: 'owner-1', version: '1', links: [], user: { username: 'maya', ...booking } }) as unknown as PublicPage;

describe('bookingTimesOf (the booking page’s ?from= and ?tz=)', () => {
  it('reads the week from `from` and shows it in the zone `tz` names, as the time zone database spells it', async () => {
    const slots = new FakeOpenSlots(async () => WEEK);
    expect(await bookingTimesOf(slots, page(), '/book/maya?from=2027-03-08&tz=asia/tokyo')).toEqual({
      creatorZone: 'Europe/Berlin',
      shownZone: 'Asia/Tokyo',
      zoneChosen: true,
      sessionMinutes: 45,
      slots: WEEK.slots,
      from: '2027-03-01',
      today: '2027-03-01',
      lastDate: '2027-03-31',
      locale: 'en-US',
    });
    expect(slots.asked).toEqual(['2027-03-08']);
  });

  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'de-DE'],
    ['en-gb', 'en-GB'],
    ['*, fr-CA;q=0.5', 'fr-CA'],
    ['not a tag!!, de-AT', 'de-AT'],
    ['', 'en-US'],
    [undefined, 'en-US'],
  ])('first writes the times in the first well-formed locale of Accept-Language %j (%s)', async (header, locale) => {
    const times = await bookingTimesOf(new FakeOpenSlots(async () => WEEK), page(), '/book/maya', header);
    expect(times?.locale).toBe(locale);
  });

  it.each([
    ['/book/maya', undefined],
    ['/book/maya?from=2027-02-30&tz=Mars/Base', undefined],
    ['/book/maya?from=soon&tz=', undefined],
    ['/book/maya?from=2027-03-08&from=2027-03-15&tz=Asia/Tokyo&tz=Europe/Paris', undefined],
  ])('reads %s as this week in the creator’s zone', async (url, from) => {
    const slots = new FakeOpenSlots(async () => WEEK);
    expect(await bookingTimesOf(slots, page(), url)).toMatchObject({ shownZone: 'Europe/Berlin', zoneChosen: false });
    expect(slots.asked).toEqual([from]);
  });

  it('is null, asking nothing, when the page takes no bookings', async () => {
    const slots = new FakeOpenSlots(async () => WEEK);
    expect(await bookingTimesOf(slots, page({ enableBooking: false, bookingPrice: 3000 }), '/book/maya')).toBeNull();
    expect(slots.asked).toEqual([]);
  });

  it('is null for a creator without weekly hours, or one who stopped taking bookings a moment ago', async () => {
    expect(
      await bookingTimesOf(
        new FakeOpenSlots(async () => ({ ...WEEK, scheduled: false, slots: [] })),
        page(),
        '/book/maya',
      ),
    ).toBeNull();
    expect(
      await bookingTimesOf(new FakeOpenSlots(() => Promise.reject(invalid('off'))), page(), '/book/maya'),
    ).toBeNull();
  });

  it('lets any other failure through (the store away: the 503 page)', async () => {
    const away = unavailable('away', 5);
    await expect(bookingTimesOf(new FakeOpenSlots(() => Promise.reject(away)), page(), '/book/maya')).rejects.toBe(
      away,
    );
  });
});
