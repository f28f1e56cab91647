import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { INestApplication } from '@nestjs/common';
import type { SlotsView } from '@linkbio/shared-contracts';
import { agent, signedInCreator, startApp } from './support/harness.js';

/*
 * The booking page's first step, server-rendered (public-app's build; run `npm run build` first): a creator with
 * weekly hours gets a week of open times on /book/{username}, in their own time zone until the visitor names
 * another (?tz=), a week at a time (?from=), read fresh on each request, with the data the page hydrates from.
 */

const SERVER_ENTRY = fileURLToPath(new URL('../../public-app/dist/server/entry-server.js', import.meta.url));
const DAY_MS = 24 * 60 * 60 * 1000;
// Zones without daylight-saving time, so the hour between them never changes: 09:00 in Kolkata is 12:30 in Tokyo.
const CREATOR_ZONE = 'Asia/Kolkata';
const VISITOR_ZONE = 'Asia/Tokyo';
const everyDay = (start: string, end: string) => [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, start, end }));

/** Today's date in `zone` (YYYY-MM-DD). */
const todayIn = (zone: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date());
const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

const unescape = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The page's time choices: each radio's value (the session's start) and accessible name, and the time shown. */
function timeChoices(html: string) {
  return [...html.matchAll(/<input type="radio"([^>]*)\/><span aria-hidden="true">([^<]+)<\/span>/g)].map(
    ([, attributes, shown]) => {
      const attribute = (name: string) => unescape(attributes!.match(new RegExp(` ${name}="([^"]*)"`))?.[1] ?? '');
      expect(attribute('name')).toBe('slot');
      return { start: attribute('value'), label: attribute('aria-label'), shown: shown! };
    },
  );
}

/** The week links' targets, by their text. */
const weekLinks = (html: string) =>
  Object.fromEntries(
    [...html.matchAll(/<a (?:class="week-next" )?href="([^"]+)">(Previous week|Next week)<\/a>/g)].map(
      ([, href, text]) => [text!, unescape(href!)],
    ),
  );

describe('the booking page’s time step', () => {
  let app: INestApplication;

  beforeAll(async () => {
    if (!existsSync(SERVER_ENTRY))
      throw new Error(`No public app build at ${SERVER_ENTRY}: run \`npm run build\` first.`);
    app = await startApp();
  });

  afterAll(() => app?.close());

  /** A creator taking $30 sessions of 60 minutes from 09:00 to 12:00 every day, in Kolkata, 30 days ahead. */
  async function scheduledCreator(over: Record<string, unknown> = {}) {
    const creator = await signedInCreator(app, { displayName: 'Maya Chen' });
    await creator.client
      .put('/api/users/booking-settings')
      .send({ enableBooking: true, bookingPrice: '30' })
      .expect(200);
    await creator.client
      .put('/api/users/availability')
      .send({
        timeZone: CREATOR_ZONE,
        sessionMinutes: 60,
        bufferMinutes: 0,
        minNoticeHours: 0,
        horizonDays: 30,
        weekly: everyDay('09:00', '12:00'),
        datesOff: [],
        cancellationHours: 24,
        ...over,
      })
      .expect(200);
    return creator;
  }

  /** The page as a browser asking for `language` gets it (none: en-US, the 12-hour clock). */
  const page = async (path: string, language?: string) => {
    const request = agent(app).get(path);
    const response = await (language ? request.set('Accept-Language', language) : request).expect(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    return response.text;
  };
  const openSlots = async (username: string, from: string) =>
    ((await agent(app).get(`/api/users/${username}/slots?from=${from}&days=7`).expect(200)).body as SlotsView).slots;

  it('lists the week’s open times from today, by day, in the creator’s time zone, saying which', async () => {
    const { details } = await scheduledCreator();
    const html = await page(`/book/${details.username}`);
    const slots = await openSlots(details.username, todayIn(CREATOR_ZONE));
    expect(slots.length).toBeGreaterThanOrEqual(18); // six days of three sessions at least

    expect(html).toContain('<h2 id="step-time" tabindex="-1">Pick a Time</h2>');
    expect(html).toContain(`Times are shown in ${CREATOR_ZONE}`);
    expect(html).toContain(`<option value="${CREATOR_ZONE}" selected="">${CREATOR_ZONE}</option>`);
    expect(html).toContain('Each session lasts 60 minutes.');
    const choices = timeChoices(html);
    expect(choices.map((choice) => choice.start)).toEqual(slots.map((slot) => slot.start));
    // No Accept-Language: en-US, the 12-hour clock (a no-break space before AM/PM).
    expect(new Set(choices.map((choice) => choice.shown))).toEqual(new Set(['9:00\u00a0AM', '10:00\u00a0AM', '11:00\u00a0AM']));
    for (const choice of choices) {
      // The accessible name carries the day: 'Tuesday, March 3, 9:00 AM–10:00 AM (Asia/Kolkata)'.
      expect(choice.label).toMatch(
        new RegExp(`^[A-Z][a-z]+day, [A-Z][a-z]+ \\d{1,2}, ${choice.shown}–\\d{1,2}:00\u00a0[AP]M \\(Asia/Kolkata\\)$`),
      );
    }
    // Grouped by day: one fieldset per day with a time, its legend the day.
    const days = [...html.matchAll(/<fieldset class="slot-day"><legend>([^<]+)<\/legend>/g)].map(([, day]) => day);
    expect(days).toHaveLength(new Set(choices.map((choice) => choice.label.split(', ').slice(0, 2).join(', '))).size);
    // The steps: the time first, then the spec's two.
    expect(html).toMatch(
      /<span class="step-label">Pick a Time<\/span>.*<span class="step-label">Your Information<\/span>.*<span class="step-label">Payment Details<\/span>/s,
    );
    expect(html).not.toContain('id="step-information"');
    // Nothing can be booked without the script: its button waits for it, and the notice says so.
    expect(html).toContain('<button class="btn-primary btn-wide" type="submit" disabled="">Continue</button>');
    expect(html).toContain('Booking a session needs JavaScript');
    // The week links: no earlier week than this one.
    expect(weekLinks(html)).toEqual({ 'Next week': `?from=${addDays(todayIn(CREATOR_ZONE), 7)}&tz=${CREATOR_ZONE}` });
  });

  it('shows the times in the zone the visitor names (?tz=), and in the creator’s for a zone that is none', async () => {
    const { details } = await scheduledCreator();
    const html = await page(`/book/${details.username}?tz=${encodeURIComponent(VISITOR_ZONE)}`);
    expect(html).toContain(`Times are shown in ${VISITOR_ZONE}`);
    expect(html).toContain(`<option value="${VISITOR_ZONE}" selected="">${VISITOR_ZONE}</option>`);
    const choices = timeChoices(html);
    expect(choices.length).toBeGreaterThan(0);
    expect(new Set(choices.map((choice) => choice.shown))).toEqual(new Set(['12:30\u00a0PM', '1:30\u00a0PM', '2:30\u00a0PM']));
    expect(choices[0]!.label).toMatch(/, \d{1,2}:30\u00a0PM–\d{1,2}:30\u00a0PM \(Asia\/Tokyo\)$/);
    expect(weekLinks(html)['Next week']).toBe(`?from=${addDays(todayIn(CREATOR_ZONE), 7)}&tz=${VISITOR_ZONE}`);

    // Spelled in other capitals: the zone as the time zone database names it.
    expect(await page(`/book/${details.username}?tz=asia/tokyo`)).toContain(`Times are shown in ${VISITOR_ZONE}`);
    for (const tz of ['Mars/Olympus', '', '<script>', 'Asia/Tokyo&tz=Europe/Paris']) {
      const fallback = await page(`/book/${details.username}?tz=${encodeURIComponent(tz)}`);
      expect(fallback).toContain(`Times are shown in ${CREATOR_ZONE}`);
      expect(new Set(timeChoices(fallback).map((choice) => choice.shown))).toEqual(
        new Set(['9:00\u00a0AM', '10:00\u00a0AM', '11:00\u00a0AM']),
      );
    }
  });

  it('pages a week at a time (?from=), never before today nor past the horizon', async () => {
    const { details } = await scheduledCreator();
    const today = todayIn(CREATOR_ZONE);
    const next = addDays(today, 7);
    const html = await page(`/book/${details.username}?from=${next}&tz=${CREATOR_ZONE}`);
    expect(timeChoices(html).map((choice) => choice.start)).toEqual(
      (await openSlots(details.username, next)).map((slot) => slot.start),
    );
    expect(timeChoices(html)).toHaveLength(21);
    expect(weekLinks(html)).toEqual({
      'Previous week': `?from=${today}&tz=${CREATOR_ZONE}`,
      'Next week': `?from=${addDays(today, 14)}&tz=${CREATOR_ZONE}`,
    });
    // Three days after today: the previous week starts today.
    expect(weekLinks(await page(`/book/${details.username}?from=${addDays(today, 3)}`))['Previous week']).toBe(
      `?from=${today}&tz=${CREATOR_ZONE}`,
    );
    // The last week the horizon (30 days) reaches has no next one.
    expect(weekLinks(await page(`/book/${details.username}?from=${addDays(today, 28)}`))).toEqual({
      'Previous week': `?from=${addDays(today, 21)}&tz=${CREATOR_ZONE}`,
    });
    // A date in the past, or none, is this week.
    for (const from of [addDays(today, -10), '2027-02-30', 'soon']) {
      const shown = await page(`/book/${details.username}?from=${from}`);
      expect(timeChoices(shown).map((choice) => choice.start)).toEqual(
        (await openSlots(details.username, today)).map((slot) => slot.start),
      );
      expect(weekLinks(shown)['Previous week']).toBeUndefined();
    }
  });

  it('says when a week has no open time, with the way to the next', async () => {
    const today = todayIn(CREATOR_ZONE);
    const { details } = await scheduledCreator({ datesOff: [0, 1, 2, 3, 4, 5, 6].map((days) => addDays(today, days)) });
    const html = await page(`/book/${details.username}`);
    expect(html).toContain('No open times this week.');
    expect(timeChoices(html)).toEqual([]);
    expect(html).not.toContain('>Continue</button>');
    expect(weekLinks(html)).toEqual({ 'Next week': `?from=${addDays(today, 7)}&tz=${CREATOR_ZONE}` });
    expect(timeChoices(await page(`/book/${details.username}?from=${addDays(today, 7)}`))).toHaveLength(21);
  });

  it('leaves out a time held for another visitor, read fresh on each request', async () => {
    const { details } = await scheduledCreator();
    const tomorrow = addDays(todayIn(CREATOR_ZONE), 1);
    const before = timeChoices(await page(`/book/${details.username}`));
    const held = (await openSlots(details.username, tomorrow))[0]!.start;
    expect(before.map((choice) => choice.start)).toContain(held);
    await agent(app)
      .post(`/api/users/${details.username}/book`)
      .send({ customerName: 'Ada Lovelace', customerEmail: 'ada@example.com', slotStart: held })
      .expect(201);
    const after = timeChoices(await page(`/book/${details.username}`)).map((choice) => choice.start);
    expect(after).not.toContain(held);
    expect(after).toHaveLength(before.length - 1);
  });

  it('carries the week the page hydrates from in data-times', async () => {
    const { details } = await scheduledCreator();
    const html = await page(`/book/${details.username}?tz=${VISITOR_ZONE}`);
    const data = html.match(/<div id="booking" data-username="[^"]+" data-times="([^"]+)">/)?.[1];
    expect(data).toBeDefined();
    const today = todayIn(CREATOR_ZONE);
    expect(JSON.parse(unescape(data!))).toEqual({
      creatorZone: CREATOR_ZONE,
      shownZone: VISITOR_ZONE,
      zoneChosen: true,
      sessionMinutes: 60,
      slots: await openSlots(details.username, today),
      from: today,
      today,
      lastDate: addDays(today, 30),
      locale: 'en-US',
    });
  });

  it('writes the times as the first well-formed locale of Accept-Language does: 24-hour for de-DE and en-GB', async () => {
    const { details } = await scheduledCreator();
    for (const language of ['de-DE,de;q=0.9,en;q=0.8', '!!, en-GB;q=0.8']) {
      const html = await page(`/book/${details.username}`, language);
      const choices = timeChoices(html);
      expect(new Set(choices.map((choice) => choice.shown))).toEqual(new Set(['09:00', '10:00', '11:00']));
      // The first 09:00 offered (today's may have passed already, depending on when the test runs).
      expect(choices.find((choice) => choice.shown === '09:00')!.label).toMatch(/^[A-Z][a-z]+day \d{1,2} [A-Z][a-z]+, 09:00–10:00 \(Asia\/Kolkata\)$/);
    }
    const data = (await page(`/book/${details.username}`, 'de-DE')).match(/data-times="([^"]+)"/)?.[1];
    expect(JSON.parse(unescape(data!))).toMatchObject({ locale: 'de-DE' });
  });

  it('keeps today’s two steps for a creator without weekly hours', async () => {
    const { client, details } = await signedInCreator(app);
    await client.put('/api/users/booking-settings').send({ enableBooking: true, bookingPrice: '30' }).expect(200);
    const html = await page(`/book/${details.username}?tz=${VISITOR_ZONE}`);
    expect(html).toContain('<h2 id="step-information" tabindex="-1">Your Information</h2>');
    expect(html).not.toContain('Pick a Time');
    expect(html).not.toContain('data-times');
    expect(html).not.toContain('name="tz"');
  });
});
