import { maskEmail, maskEmails } from './mask-email.js';

describe('maskEmail', () => {
  it('keeps the first letter and the domain', () => {
    expect(maskEmail('jane.doe@example.com')).toBe('j***@example.com');
    expect(maskEmail('x@y.org')).toBe('x***@y.org');
  });

  it('leaves what is not an address as it is', () => {
    expect(maskEmail('no address')).toBe('no address');
    expect(maskEmail('@example.com')).toBe('@example.com');
  });
});

describe('maskEmails', () => {
  it('masks every address in a text, and nothing else', () => {
    expect(maskEmails('to a.b+tag@mail.example.co.uk and <c@d.io>: 550 refused')).toBe('to a***@mail.example.co.uk and <c***@d.io>: 550 refused');
    expect(maskEmails('Payout 42 failed: 503 at 10:00')).toBe('Payout 42 failed: 503 at 10:00');
  });
});
