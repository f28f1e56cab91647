import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SessionBookingMessages,
  SchedulingMessages,
  type BookingTimesView,
  type PublicSessionType,
  type PublicUserView,
} from '@linkbio/shared-contracts';
import { BookingPage } from '../pages/booking-page';
import { stubApi, LOCAL_CONFIG, type Reply } from '../test/fetch-routes';
import { BookingFlow } from './booking-flow';

const intro: PublicSessionType = {
  id: 'st-intro',
  name: 'Intro call',
  minutes: 30,
  priceCents: 2500,
  description: 'A first talk about <your> project.',
  locationKind: 'video_generated',
  questions: [
    { id: 'q-level', label: 'Your level', kind: 'choice', required: true, choices: ['Beginner', 'Advanced'] },
    { id: 'q-goal', label: 'Your goal', kind: 'short_text', required: true },
    { id: 'q-notes', label: 'Anything else?', kind: 'long_text', required: false },
  ],
};
const call: PublicSessionType = {
  id: 'st-call',
  name: 'Phone check-in',
  minutes: 15,
  priceCents: 1000,
  description: '',
  locationKind: 'phone',
  questions: [],
};
const visit: PublicSessionType = {
  ...call,
  id: 'st-visit',
  name: 'Studio visit',
  minutes: 90,
  priceCents: 9000,
  locationKind: 'in_person',
};

const BOOK = 'POST /api/users/ada/book';
const QUOTE: Reply = {
  status: 201,
  body: { clientSecret: 'pi_local_9_secret_x', amount: 3000, userAmount: 2500, platformFee: 500 },
};

async function fillContact(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Full Name'), 'Sam Visitor');
  await user.type(screen.getByLabelText('Email Address'), 'sam@example.com');
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Continue to Payment' }));

describe('the session type step', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the types as links to their own booking page, with length, price and how they meet, when none is chosen', () => {
    render(
      <BookingFlow username="ada" times={null} zones={[]} sessionTypes={[intro, call, visit]} sessionTypeId={null} />,
    );
    expect(screen.getByRole('heading', { name: 'Choose a Session' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { current: 'step' })).toHaveTextContent('Choose a Session');
    const links = within(screen.getByRole('list', { name: 'Choose a Session' })).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/book/ada?type=st-intro',
      '/book/ada?type=st-call',
      '/book/ada?type=st-visit',
    ]);
    expect(links[0]).toHaveTextContent('Intro call30 min · $25.00 · Video callA first talk about <your> project.');
    expect(links[1]).toHaveTextContent('Phone check-in15 min · $10.00 · Phone call');
    expect(links[2]).toHaveTextContent('Studio visit90 min · $90.00 · In person');
    expect(screen.queryByLabelText('Full Name')).not.toBeInTheDocument();
  });

  it('renders the list on the server, so it works without script, and never an address nor a price before a type is chosen', () => {
    const html = renderToString(
      <BookingPage
        origin="https://linkbio.test"
        user={creator}
        times={null}
        sessionTypes={[intro, call, visit]}
        sessionTypeId={null}
        css=""
        script={{ src: '/p/assets/booking.js', preload: [] }}
      />,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect([...page.querySelectorAll('.type-card')].map((link) => link.getAttribute('href'))).toEqual([
      '/book/ada?type=st-intro',
      '/book/ada?type=st-call',
      '/book/ada?type=st-visit',
    ]);
    expect(page.querySelector('.price')).toBeNull();
    expect(page.querySelector('meta[name=description]')?.getAttribute('content')).toBe(
      'Book a Session with Ada: from $10.00 per session.',
    );
    expect(JSON.parse(page.getElementById('booking')!.dataset.types!)).toEqual([intro, call, visit]);
  });

  it("shows the chosen type's price and fee in the header, and hands the island its id", () => {
    const html = renderToString(
      <BookingPage
        origin="https://linkbio.test"
        user={creator}
        times={null}
        sessionTypes={[intro, call]}
        sessionTypeId="st-call"
        css=""
        script={{ src: '/b.js', preload: [] }}
      />,
    );
    const page = new DOMParser().parseFromString(html, 'text/html');
    expect(page.querySelector('.price')?.textContent).toBe('$10.00 per session');
    expect(page.querySelector('.price-fee')?.textContent).toBe(
      'You pay $12.00 in total: the session plus the 20% platform fee ($2.00).',
    );
    expect(page.getElementById('booking')?.dataset.type).toBe('st-call');
  });

  it('names the chosen type in the later steps and lets the visitor go back and change it', async () => {
    const user = userEvent.setup();
    render(
      <BookingFlow username="ada" times={null} zones={[]} sessionTypes={[intro, call]} sessionTypeId="st-intro" />,
    );
    expect(screen.getByRole('heading', { name: 'Your Information' })).toBeInTheDocument();
    expect(screen.getByText('Your session').parentElement).toHaveTextContent(
      'Your session Intro call 30 min · $25.00 · Video call',
    );
    await user.type(screen.getByLabelText('Full Name'), 'Sam');
    await user.click(screen.getByRole('button', { name: 'Change session' }));
    expect(screen.getByRole('heading', { name: 'Choose a Session' })).toHaveFocus();
    expect(screen.getByRole('link', { current: true })).toHaveAttribute('href', '/book/ada?type=st-intro');
    // The type already chosen goes straight on, its answers kept.
    await user.click(screen.getByRole('link', { current: true }));
    expect(screen.getByRole('heading', { name: 'Your Information' })).toHaveFocus();
    expect(screen.getByLabelText('Full Name')).toHaveValue('Sam');
  });

  it('keeps the type in the week links and the zone form, and reads its times again after a time was taken', async () => {
    const calls = stubApi({
      [BOOK]: { status: 409, body: { statusCode: 409, message: SchedulingMessages.slotTaken } },
      'GET /api/users/ada/slots?from=2026-07-06&days=7&type=st-intro': {
        status: 200,
        body: { timeZone: 'UTC', sessionMinutes: 30, scheduled: true, slots: [] },
      },
    });
    const user = userEvent.setup();
    render(
      <BookingFlow
        username="ada"
        times={times}
        zones={['UTC']}
        sessionTypes={[intro, call]}
        sessionTypeId="st-intro"
      />,
    );
    expect(screen.getByRole('link', { name: 'Next week' })).toHaveAttribute(
      'href',
      '?from=2026-07-13&tz=UTC&type=st-intro',
    );
    expect(document.querySelector('input[type=hidden][name=type]')).toHaveValue('st-intro');
    expect(screen.getByText('Your session')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: /10:00/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await fillContact(user);
    await user.click(screen.getByRole('radio', { name: 'Beginner' }));
    await user.type(screen.getByLabelText('Your goal'), 'Learn');
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Pick a Time' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(SchedulingMessages.slotTaken);
    expect(calls.calls.map((made) => made.route)).toContain(
      'GET /api/users/ada/slots?from=2026-07-06&days=7&type=st-intro',
    );
  });
});

describe("the type's questions", () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks each question by its kind, the optional ones marked, the required ones aria-required', () => {
    render(<BookingFlow username="ada" times={null} zones={[]} sessionTypes={[intro]} />);
    const level = screen.getByRole('radiogroup', { name: 'Your level' });
    expect(level).toHaveAttribute('aria-required', 'true');
    expect(
      within(level)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Beginner', 'Advanced']);
    expect(screen.getByLabelText('Your goal')).toHaveAttribute('aria-required', 'true');
    expect(screen.getByLabelText('Your goal').tagName).toBe('INPUT');
    expect(screen.getByLabelText('Your goal')).toHaveAttribute('maxlength', '200');
    const notes = screen.getByLabelText('Anything else? (optional)');
    expect(notes.tagName).toBe('TEXTAREA');
    expect(notes).not.toHaveAttribute('aria-required');
    expect(notes).toHaveAttribute('maxlength', '2000');
    // One type only: no type step and no type line, as before types.
    expect(screen.queryByText('Choose a Session')).not.toBeInTheDocument();
    expect(screen.queryByText('Your session')).not.toBeInTheDocument();
  });

  it('says which required questions are unanswered, tied to their field, focuses the first and sends nothing', async () => {
    const api = stubApi({ [BOOK]: QUOTE });
    const user = userEvent.setup();
    render(<BookingFlow username="ada" times={null} zones={[]} sessionTypes={[intro]} />);
    await fillContact(user);
    await user.type(screen.getByLabelText('Your goal'), '   ');
    await submit(user);
    const level = screen.getByRole('radiogroup', { name: 'Your level' });
    expect(level).toHaveAccessibleDescription(SessionBookingMessages.answerRequired('Your level'));
    expect(screen.getByLabelText('Your goal')).toHaveAccessibleDescription('Please answer "Your goal".');
    expect(screen.getByLabelText('Your goal')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('radio', { name: 'Beginner' })).toHaveFocus();
    expect(api.calls).toEqual([]);
    // Answering clears the message.
    await user.click(screen.getByRole('radio', { name: 'Advanced' }));
    expect(level).not.toHaveAccessibleDescription();
  });

  it('refuses answers longer than the server takes', async () => {
    const api = stubApi({ [BOOK]: QUOTE });
    const user = userEvent.setup();
    render(<BookingFlow username="ada" times={null} zones={[]} sessionTypes={[intro]} />);
    await fillContact(user);
    await user.click(screen.getByRole('radio', { name: 'Advanced' }));
    // Pasted or scripted text can pass the maxlength attribute: the check counts again.
    fireEvent.change(screen.getByLabelText('Your goal'), { target: { value: 'g'.repeat(201) } });
    fireEvent.change(screen.getByLabelText('Anything else? (optional)'), { target: { value: 'n'.repeat(2001) } });
    await submit(user);
    expect(screen.getByLabelText('Your goal')).toHaveAccessibleDescription(
      SessionBookingMessages.answerTooLong('Your goal', 200),
    );
    expect(screen.getByLabelText('Anything else? (optional)')).toHaveAccessibleDescription(
      'The answer to "Anything else?" must be at most 2000 characters.',
    );
    expect(screen.getByLabelText('Your goal')).toHaveFocus();
    expect(api.calls).toEqual([]);
  });

  it('sends the type and the trimmed answers, leaving out a blank optional one', async () => {
    const api = stubApi({ [BOOK]: QUOTE, 'GET /api/config': LOCAL_CONFIG });
    const user = userEvent.setup();
    render(
      <BookingFlow username="ada" times={null} zones={[]} sessionTypes={[intro, call]} sessionTypeId="st-intro" />,
    );
    await fillContact(user);
    await user.click(screen.getByRole('radio', { name: 'Advanced' }));
    await user.type(screen.getByLabelText('Your goal'), '  Ship my app  ');
    await submit(user);
    expect(await screen.findByRole('heading', { name: 'Payment Details' })).toBeInTheDocument();
    const [body] = api.bodiesOf(BOOK);
    expect(body).toMatchObject({
      customerName: 'Sam Visitor',
      customerEmail: 'sam@example.com',
      sessionTypeId: 'st-intro',
      answers: [
        { questionId: 'q-level', answer: 'Advanced' },
        { questionId: 'q-goal', answer: 'Ship my app' },
      ],
    });
    expect(body).not.toHaveProperty('customerPhone');
  });

  it("shows the server's refusal of an answer under its question, and other refusals in the toast", async () => {
    let reply: Reply = {
      status: 400,
      body: { statusCode: 400, message: SessionBookingMessages.notAChoice('Your level') },
    };
    stubApi({ [BOOK]: () => reply });
    const user = userEvent.setup();
    render(<BookingFlow username="ada" times={null} zones={[]} sessionTypes={[intro]} />);
    await fillContact(user);
    await user.click(screen.getByRole('radio', { name: 'Beginner' }));
    await user.type(screen.getByLabelText('Your goal'), 'Learn');
    await submit(user);
    expect(await screen.findByText(SessionBookingMessages.notAChoice('Your level'))).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Your level' })).toHaveAccessibleDescription(
      SessionBookingMessages.notAChoice('Your level'),
    );

    reply = { status: 400, body: { statusCode: 400, message: 'This session type is not offered any more.' } };
    await submit(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('This session type is not offered any more.');
  });
});

describe('a session the creator runs as a phone call', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks for the phone number as required and checks it before sending', async () => {
    const api = stubApi({ [BOOK]: QUOTE, 'GET /api/config': LOCAL_CONFIG });
    const user = userEvent.setup();
    render(<BookingFlow username="ada" times={null} zones={[]} sessionTypes={[intro, call]} sessionTypeId="st-call" />);
    const phone = screen.getByLabelText('Phone Number');
    expect(phone).toHaveAttribute('aria-required', 'true');
    expect(phone).toHaveAccessibleDescription('This session is a phone call: the creator calls you on this number.');
    await fillContact(user);
    await submit(user);
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(SessionBookingMessages.phoneRequired));
    expect(phone).toHaveFocus();
    await user.type(phone, 'call me');
    await submit(user);
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(SessionBookingMessages.phoneInvalid));
    expect(api.calls).toEqual([]);

    await user.clear(phone);
    await user.type(phone, '+1 555 010 0100');
    await submit(user);
    await screen.findByRole('heading', { name: 'Payment Details' });
    expect(api.bodiesOf(BOOK)[0]).toMatchObject({ customerPhone: '+1 555 010 0100', sessionTypeId: 'st-call' });
    expect(api.bodiesOf(BOOK)[0]).not.toHaveProperty('answers');
  });

  it('keeps the phone optional for other types', () => {
    render(
      <BookingFlow username="ada" times={null} zones={[]} sessionTypes={[intro, call]} sessionTypeId="st-intro" />,
    );
    expect(screen.getByLabelText('Phone Number (optional)')).not.toHaveAttribute('aria-required');
  });
});

const creator = {
  username: 'ada',
  displayName: 'Ada',
  bio: null,
  avatar: null,
  theme: 'default',
  backgroundColor: null,
  backgroundImage: null,
  buttonColor: null,
  buttonTextColor: null,
  buttonShape: 'rounded',
  enableBooking: true,
  bookingPrice: 2500,
  isPremium: false,
  socials: [],
  socialsPosition: 'top',
  seo: { title: null, description: null, image: null },
} as unknown as PublicUserView;

const times: BookingTimesView = {
  creatorZone: 'UTC',
  shownZone: 'UTC',
  zoneChosen: true,
  sessionMinutes: 30,
  slots: [{ start: '2026-07-07T10:00:00.000Z', end: '2026-07-07T10:30:00.000Z' }],
  from: '2026-07-06',
  today: '2026-07-06',
  lastDate: '2026-08-30',
  locale: 'en-US',
};
