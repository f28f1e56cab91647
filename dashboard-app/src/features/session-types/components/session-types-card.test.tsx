import { screen, waitFor, within } from '@testing-library/react';
import { SessionTypeMessages, type SessionTypeView } from '@linkbio/shared-contracts';
import { renderDashboard, stubApi } from '@/test/render-dashboard';
import { SessionTypesCard } from './session-types-card';

let next = 0;
const aType = (overrides: Partial<SessionTypeView> = {}): SessionTypeView => {
  next += 1;
  return {
    id: `00000000-0000-4000-8000-${String(next).padStart(12, '0')}`,
    name: `Type ${next}`,
    minutes: 30,
    priceCents: 2500,
    description: '',
    location: null,
    questions: [],
    enabled: true,
    ...overrides,
  };
};

const rowTexts = () => within(screen.getByRole('list', { name: 'Your session types' })).getAllByTestId('session-type-row').map((row) => row.textContent);

describe('SessionTypesCard', () => {
  it('shows a skeleton while loading, then the empty state', async () => {
    let answer: (types: unknown[]) => void = () => {};
    stubApi({ 'GET /api/session-types': () => new Promise((resolve) => (answer = (types) => resolve({ body: types }))) });
    renderDashboard(<SessionTypesCard />);

    expect(screen.getByTestId('session-types-skeleton')).toBeInTheDocument();
    answer([]);
    expect(await screen.findByText('No session types yet')).toBeInTheDocument();
  });

  it('says when the types cannot be loaded, and tries again', async () => {
    let calls = 0;
    stubApi({ 'GET /api/session-types': () => (++calls === 1 ? { status: 500, body: { statusCode: 500, message: 'Down' } } : { body: [] }) });
    const { user } = renderDashboard(<SessionTypesCard />);

    expect(await screen.findByText("We couldn't load your session types.")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No session types yet')).toBeInTheDocument();
  });

  it('lists the types in their order with length, price, place and whether they are on', async () => {
    stubApi({
      'GET /api/session-types': {
        body: [
          aType({ name: 'Session', minutes: 60, priceCents: 4000 }),
          aType({ name: 'Walk', minutes: 90, priceCents: 9050, location: { kind: 'in_person', address: '1 Park Lane' }, enabled: false }),
          aType({ name: 'Call', location: { kind: 'phone' }, questions: [{ id: 'a', label: 'Why?', kind: 'short_text', required: true }] }),
        ],
      },
    });
    renderDashboard(<SessionTypesCard />);

    await screen.findByRole('list', { name: 'Your session types' });
    expect(rowTexts()).toEqual([
      expect.stringContaining('Session60 min · $40.00 · Place not set'),
      expect.stringContaining('Walk90 min · $90.50 · In person · Off'),
      expect.stringContaining('Call30 min · $25.00 · Phone call · 1 question'),
    ]);
    expect(screen.getByRole('switch', { name: 'Offer Walk' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Move Session up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Call down' })).toBeDisabled();
  });

  it('adds a type with a video link and a choice question, checking the fields first', async () => {
    const stored: SessionTypeView[] = [];
    const { calls } = stubApi({
      'GET /api/session-types': () => ({ body: stored }),
      'POST /api/session-types': (call) => {
        stored.push(aType(call.body as Partial<SessionTypeView>));
        return { status: 201, body: stored.at(-1) };
      },
    });
    const { user } = renderDashboard(<SessionTypesCard />);

    await user.click(await screen.findByRole('button', { name: 'Add Session Type' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Session Type' });
    await user.selectOptions(within(dialog).getByLabelText('Where to meet'), 'video');
    await user.type(within(dialog).getByLabelText('Video link'), 'http://zoom.us/j/1');
    await user.click(within(dialog).getByRole('button', { name: 'Add a question' }));
    await user.selectOptions(within(dialog).getByLabelText('Answer to question 1'), 'choice');
    await user.click(within(dialog).getByRole('button', { name: 'Add Session Type' }));
    expect(within(dialog).getByText(SessionTypeMessages.nameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(SessionTypeMessages.priceDollarsInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(SessionTypeMessages.videoUrlInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(SessionTypeMessages.questionLabelRequired)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Name'), '  Deep dive ');
    await user.clear(within(dialog).getByLabelText('Length (minutes)'));
    await user.type(within(dialog).getByLabelText('Length (minutes)'), '90');
    await user.type(within(dialog).getByLabelText('Price'), '120.50');
    await user.clear(within(dialog).getByLabelText('Video link'));
    await user.type(within(dialog).getByLabelText('Video link'), 'https://zoom.us/j/1');
    await user.type(within(dialog).getByLabelText('Question 1'), 'Your level');
    await user.type(within(dialog).getByLabelText('Choices for question 1'), 'Beginner{Enter} Advanced {Enter}');
    await user.click(within(dialog).getByLabelText('Question 1 must be answered'));
    await user.click(within(dialog).getByRole('button', { name: 'Add Session Type' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Deep dive',
      minutes: 90,
      priceCents: 12050,
      description: '',
      location: { kind: 'video', url: 'https://zoom.us/j/1' },
      questions: [{ label: 'Your level', kind: 'choice', required: true, choices: ['Beginner', 'Advanced'] }],
    });
    expect(await screen.findByText('Deep dive')).toBeInTheDocument();
  });

  it('edits a type, keeping its questions’ ids, and unsets where to meet', async () => {
    const call = aType({
      name: 'Call',
      location: { kind: 'in_person', address: '1 Main St' },
      questions: [{ id: 'topic', label: 'Topic', kind: 'long_text', required: false }],
    });
    const { calls } = stubApi({
      'GET /api/session-types': { body: [call] },
      [`PUT /api/session-types/${call.id}`]: (request) => ({ body: { ...call, ...(request.body as object) } }),
    });
    const { user } = renderDashboard(<SessionTypesCard />);

    await user.click(await screen.findByRole('button', { name: 'Edit Call' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Session Type' });
    expect(within(dialog).getByLabelText('Address')).toHaveValue('1 Main St');
    expect(within(dialog).getByLabelText('Price')).toHaveValue('25.00');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Long call');
    await user.selectOptions(within(dialog).getByLabelText('Where to meet'), 'none');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Long call',
      minutes: 30,
      priceCents: 2500,
      description: '',
      location: null,
      questions: [{ id: 'topic', label: 'Topic', kind: 'long_text', required: false }],
    });
    expect(await screen.findByText('Long call')).toBeInTheDocument();
  });

  it('shows the server’s message when saving fails', async () => {
    stubApi({
      'GET /api/session-types': { body: [] },
      'POST /api/session-types': { status: 400, body: { statusCode: 400, message: SessionTypeMessages.tooMany } },
    });
    const { user } = renderDashboard(<SessionTypesCard />);
    await user.click(await screen.findByRole('button', { name: 'Add Session Type' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Session Type' });
    await user.type(within(dialog).getByLabelText('Name'), 'One more');
    await user.type(within(dialog).getByLabelText('Price'), '12');
    await user.click(within(dialog).getByRole('button', { name: 'Add Session Type' }));
    expect(await within(dialog).findByText(SessionTypeMessages.tooMany)).toBeInTheDocument();
  });

  it('switches a type off, and deletes one after confirming (showing why not when refused)', async () => {
    const [a, b] = [aType({ name: 'A' }), aType({ name: 'B' })];
    const { calls } = stubApi({
      'GET /api/session-types': { body: [a, b] },
      [`PUT /api/session-types/${a.id}`]: (call) => ({ body: { ...a, ...(call.body as object) } }),
      [`DELETE /api/session-types/${a.id}`]: { body: { message: SessionTypeMessages.deleted } },
      [`DELETE /api/session-types/${b.id}`]: { status: 400, body: { statusCode: 400, message: SessionTypeMessages.onlyType } },
    });
    const { user } = renderDashboard(<SessionTypesCard />);

    await user.click(await screen.findByRole('switch', { name: 'Offer A' }));
    await waitFor(() => expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ enabled: false }));
    expect(screen.getByRole('switch', { name: 'Offer A' })).not.toBeChecked();

    await user.click(screen.getByRole('button', { name: 'Delete A' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete “A”?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete A' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete A' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete B' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(SessionTypeMessages.onlyType)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([`/api/session-types/${a.id}`, `/api/session-types/${b.id}`]);
  });

  it('moves a type down at once, saves the whole order, and brings the stored order back on failure', async () => {
    const [a, b, c] = [aType({ name: 'A' }), aType({ name: 'B' }), aType({ name: 'C' })];
    let fail = false;
    const { calls } = stubApi({
      'GET /api/session-types': { body: [a, b, c] },
      'PUT /api/session-types/order': (call) =>
        fail ? { status: 500, body: { message: 'Down' } } : { body: (call.body as { ids: string[] }).ids.map((id) => [a, b, c].find((t) => t.id === id)) },
    });
    const { user } = renderDashboard(<SessionTypesCard />);

    await user.click(await screen.findByRole('button', { name: 'Move A down' }));
    await waitFor(() => expect(rowTexts().map((text) => text?.[0])).toEqual(['B', 'A', 'C']));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([{ method: 'PUT', path: '/api/session-types/order', body: { ids: [b.id, a.id, c.id] } }]);

    fail = true;
    await user.click(screen.getByRole('button', { name: 'Move C up' }));
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET').length).toBeGreaterThan(1));
    await waitFor(() => expect(rowTexts().map((text) => text?.[0])).toEqual(['A', 'B', 'C']));
  });
});
