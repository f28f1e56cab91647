import { SupportMessages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { closed, copyFor, openSupportRequest, operatorOrder, type Requester } from './support-request.js';

const NOW = new Date('2026-03-02T12:00:00.000Z');
const free: Requester = { id: 'c1', email: 'maya@example.com', displayName: 'Maya Chen', isPremium: false };
const premium: Requester = { ...free, isPremium: true };
const open = (overrides: { subject?: string; message?: string; requester?: Requester; id?: string; now?: Date } = {}) =>
  openSupportRequest({
    id: overrides.id ?? 'r1',
    requester: overrides.requester ?? free,
    subject: overrides.subject ?? 'Cannot upload',
    message: overrides.message ?? 'My avatar upload fails.',
    now: overrides.now ?? NOW,
  });

describe('a support request', () => {
  it('opens with the texts trimmed, priority when the creator is Premium', () => {
    expect(open({ subject: '  Cannot upload ', message: '\n My avatar upload fails. \n', requester: premium })).toEqual(
      {
        id: 'r1',
        creatorId: 'c1',
        subject: 'Cannot upload',
        message: 'My avatar upload fails.',
        priority: true,
        status: 'open',
        createdAt: NOW,
        closedAt: null,
      },
    );
    expect(open().priority).toBe(false);
  });

  it('keeps the subject on one line and the message’s lines as written', () => {
    const request = open({ subject: 'Two\r\nlines\tand a tab', message: 'Line one\n\nLine two' });
    expect(request.subject).toBe('Two lines and a tab');
    expect(request.message).toBe('Line one\n\nLine two');
  });

  it('keeps terminal escapes and direction overrides out of the subject operators read', () => {
    const request = open({ subject: 'Pay\u009b31mout\u001b[2J \u202egnorw\u202c done\u2066x\u2069' });
    expect(request.subject).toBe('Pay 31mout [2J  gnorw  done x');
  });

  it.each([
    ['an empty subject', { subject: '   ' }, SupportMessages.subjectRequired],
    ['a subject of 121 characters', { subject: 's'.repeat(121) }, SupportMessages.subjectTooLong],
    [
      'a subject of 61 hearts with selectors (122 code points)',
      { subject: '❤️'.repeat(61) },
      SupportMessages.subjectTooLong,
    ],
    ['an empty message', { message: '\n\t ' }, SupportMessages.messageRequired],
    ['a message of 5001 characters', { message: 'm'.repeat(5001) }, SupportMessages.messageTooLong],
  ])('refuses %s', (_, input, message) => {
    expect(() => open(input)).toThrow(aDomainError('invalid', message));
  });

  it('accepts exactly 120 and 5000 characters', () => {
    const request = open({ subject: 'é'.repeat(120), message: 'm'.repeat(5000) });
    expect([...request.subject]).toHaveLength(120);
    expect(request.message).toHaveLength(5000);
  });

  it('closes once: closing again keeps the first closing time', () => {
    const later = new Date('2026-03-03T08:00:00.000Z');
    const done = closed(open(), later);
    expect(done).toMatchObject({ status: 'closed', closedAt: later });
    expect(closed(done, new Date('2026-03-04T08:00:00.000Z'))).toBe(done);
  });

  it('orders for operators: open before closed, priority first, then the oldest first', () => {
    const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
    const requests = [
      open({ id: 'free-new', now: at(30) }),
      closed(open({ id: 'premium-closed', now: at(-10), requester: premium }), at(40)),
      open({ id: 'premium-new', now: at(20), requester: premium }),
      open({ id: 'free-old', now: at(0) }),
      closed(open({ id: 'free-closed', now: at(-20) }), at(40)),
      open({ id: 'premium-old', now: at(10), requester: premium }),
      open({ id: 'free-old-b', now: at(0) }),
    ];
    expect(requests.sort(operatorOrder).map((r) => r.id)).toEqual([
      'premium-old',
      'premium-new',
      'free-old',
      'free-old-b',
      'free-new',
      'premium-closed',
      'free-closed',
    ]);
  });

  it.each([
    [free, 'We will reply to this address within three business days.'],
    [premium, 'As a Premium creator you have priority support: we will reply to this address within one business day.'],
  ])('is copied to the creator with the expected reply time', (requester, promise) => {
    const request = open({ requester, subject: 'Cannot upload', message: 'My avatar upload fails.\nPlease help.' });
    const copy = copyFor(request, requester);
    expect(copy).toMatchObject({
      dedupeKey: 'support-r1-copy',
      to: 'maya@example.com',
      subject: 'We received your request: Cannot upload',
    });
    expect(copy.text).toContain('Hi Maya Chen,');
    expect(copy.text).toContain(promise);
    expect(copy.text).toContain('Subject: Cannot upload\n\nMy avatar upload fails.\nPlease help.');
    expect(copy.text).toContain('Request reference: r1');
  });
});
