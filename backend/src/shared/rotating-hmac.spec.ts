import { RotatingHmac } from './rotating-hmac.js';

describe('RotatingHmac', () => {
  const OLD = 'the-old-secret-of-at-least-32-characters';
  const NEW = 'the-new-secret-of-at-least-32-characters';

  it('signs with the newest key and verifies what any listed key signed', () => {
    const before = new RotatingHmac(OLD);
    const rotating = new RotatingHmac([NEW, OLD]);
    const signedBefore = before.sign('object\n1700000000');

    expect(rotating.verify('object\n1700000000', signedBefore)).toBe(true);
    expect(rotating.sign('object\n1700000000')).toBe(new RotatingHmac(NEW).sign('object\n1700000000'));
    expect(rotating.sign('object\n1700000000')).not.toBe(signedBefore);
  });

  it('refuses a signature of a key taken out of the list, of other data, or of another length', () => {
    const signedBefore = new RotatingHmac(OLD).sign('data');
    expect(new RotatingHmac([NEW]).verify('data', signedBefore)).toBe(false);
    expect(new RotatingHmac([NEW, OLD]).verify('other data', signedBefore)).toBe(false);
    expect(new RotatingHmac([NEW, OLD]).verify('data', signedBefore.slice(1))).toBe(false);
  });

  it('needs a key', () => {
    expect(() => new RotatingHmac([])).toThrow('at least one key');
  });
});
