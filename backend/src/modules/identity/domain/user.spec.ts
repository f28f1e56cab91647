import { LookMessages, Messages, PRESET_BACKGROUND_COLORS } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { User } from './user.js';

const aUser = (change: Partial<User> = {}) =>
  Object.assign(
    User.register(
      { username: 'alice', email: 'alice@example.com', passwordHash: 'h', displayName: 'Alice', bio: null },
      new Date('2026-03-02T09:00:00.000Z'),
    ),
    change,
  );

describe('User.register', () => {
  it('starts on the free plan with the default theme, booking off and nothing for payouts', () => {
    const user = aUser();

    expect(user).toMatchObject({
      theme: 'default',
      isPremium: false,
      enableBooking: false,
      bookingPrice: null,
      backgroundColor: null,
      backgroundImage: null,
      buttonColor: null,
      buttonTextColor: null,
      buttonShape: 'rounded',
      paypalEmail: null,
      cashappHandle: null,
      createdAt: new Date('2026-03-02T09:00:00.000Z'),
      updatedAt: new Date('2026-03-02T09:00:00.000Z'),
    });
    expect(user.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps an empty bio as no bio', () => {
    const user = User.register(
      { username: 'bob', email: 'b@example.com', passwordHash: 'h', displayName: 'B', bio: '' },
      new Date(),
    );

    expect(user.bio).toBeNull();
  });
});

describe('User.changeTemplate', () => {
  it('sets the theme alone, keeping colour and image', () => {
    const user = aUser({ backgroundColor: '#ffffff' });

    user.changeTemplate({ theme: 'dark' });

    expect([user.theme, user.backgroundColor, user.backgroundImage]).toEqual(['dark', '#ffffff', null]);
  });

  it.each(PRESET_BACKGROUND_COLORS)('lets a free creator choose the preset %s', (color) => {
    const user = aUser();

    user.changeTemplate({ backgroundColor: color });

    expect(user.backgroundColor).toBe(color);
  });

  it('stores a colour in lower case and clears the image it replaces', () => {
    const user = aUser({ backgroundImage: '/objects/u/bg.png' });

    user.changeTemplate({ backgroundColor: '#F0F9FF', theme: 'vibrant' });

    expect([user.backgroundColor, user.backgroundImage, user.theme]).toEqual(['#f0f9ff', null, 'vibrant']);
  });

  it('refuses a colour beyond the presets on the free plan, changing nothing', () => {
    const user = aUser({ backgroundColor: '#ffffff' });

    expect(() => user.changeTemplate({ backgroundColor: '#123456', theme: 'dark' })).toThrow(
      aDomainError('forbidden', Messages.presetColorsOnly),
    );
    expect([user.backgroundColor, user.theme]).toEqual(['#ffffff', 'default']);
  });

  it('lets a premium creator choose any colour', () => {
    const user = aUser({ isPremium: true });

    user.changeTemplate({ backgroundColor: '#12AB9f' });

    expect(user.backgroundColor).toBe('#12ab9f');
  });

  it.each(['red', '#fff', '#gggggg', '123456', '#1234567', 'javascript:alert(1)'])(
    'refuses %p as a colour',
    (color) => {
      const user = aUser({ isPremium: true });

      expect(() => user.changeTemplate({ backgroundColor: color })).toThrow(
        aDomainError('invalid', Messages.invalidColor),
      );
      expect(user.backgroundColor).toBeNull();
    },
  );

  it('refuses a colour and an image together', () => {
    const user = aUser({ backgroundImage: '/objects/u/bg.png' });

    expect(() => user.changeTemplate({ backgroundColor: '#ffffff', backgroundImage: '/objects/u/bg.png' })).toThrow(
      aDomainError('invalid', Messages.colorOrImage),
    );
  });

  it('chooses the image already uploaded, clearing the colour', () => {
    const user = aUser({ backgroundImage: '/objects/u/bg.png', backgroundColor: '#ffffff' });

    user.changeTemplate({ backgroundImage: '/objects/u/bg.png' });

    expect([user.backgroundColor, user.backgroundImage]).toEqual([null, '/objects/u/bg.png']);
  });

  it('refuses an image that is not the one uploaded', () => {
    const user = aUser({ backgroundImage: '/objects/u/bg.png' });

    expect(() => user.changeTemplate({ backgroundImage: 'https://evil.example.com/x.png' })).toThrow(
      aDomainError('invalid', Messages.imageNotUploaded),
    );
    expect(user.backgroundImage).toBe('/objects/u/bg.png');
  });

  it('clears colour and image when they are sent empty', () => {
    const user = aUser({ backgroundColor: '#ffffff', backgroundImage: '/objects/u/bg.png' });

    user.changeTemplate({ backgroundColor: '', backgroundImage: null });

    expect([user.backgroundColor, user.backgroundImage]).toEqual([null, null]);
  });

  it('keeps what is not mentioned when clearing one of them', () => {
    const user = aUser({ backgroundColor: '#ffffff', backgroundImage: '/objects/u/bg.png' });

    user.changeTemplate({ backgroundColor: null });

    expect([user.backgroundColor, user.backgroundImage]).toEqual([null, '/objects/u/bg.png']);
  });
});

const look = (user: User) => ({
  buttonColor: user.buttonColor,
  buttonTextColor: user.buttonTextColor,
  buttonShape: user.buttonShape,
});

describe('User.changeTemplate: Premium’s custom buttons', () => {
  it('lets a premium creator choose button colours (stored in lower case) and a shape', () => {
    const user = aUser({ isPremium: true });

    user.changeTemplate({ buttonColor: '#2563EB', buttonTextColor: '#FFFFFF', buttonShape: 'pill' });

    expect(look(user)).toEqual({ buttonColor: '#2563eb', buttonTextColor: '#ffffff', buttonShape: 'pill' });
  });

  it.each([
    ['a button colour', { buttonColor: '#2563eb' }],
    ['a button text colour', { buttonTextColor: '#0f172a' }],
    ['the pill shape', { buttonShape: 'pill' as const }],
    ['the square shape', { buttonShape: 'square' as const }],
  ])('refuses %s on the free plan, naming Premium and changing nothing', (_, change) => {
    const user = aUser({ backgroundColor: '#ffffff' });

    expect(() => user.changeTemplate({ ...change, theme: 'dark', backgroundColor: '#f0f9ff' })).toThrow(
      aDomainError('forbidden', LookMessages.premiumLookOnly),
    );
    expect(LookMessages.premiumLookOnly).toContain('Premium');
    expect([user.theme, user.backgroundColor]).toEqual(['default', '#ffffff']);
    expect(look(user)).toEqual({ buttonColor: null, buttonTextColor: null, buttonShape: 'rounded' });
  });

  it('lets a free creator keep the default look, and clear what they saved while premium', () => {
    const user = aUser({ buttonColor: '#2563eb', buttonTextColor: '#ffffff', buttonShape: 'pill' });

    user.changeTemplate({ buttonColor: null, buttonTextColor: '', buttonShape: 'rounded' });

    expect(look(user)).toEqual({ buttonColor: null, buttonTextColor: null, buttonShape: 'rounded' });
  });

  it('keeps a lapsed creator’s saved look through a theme change, unchecked since it does not show', () => {
    const user = aUser({ buttonColor: '#ffffff', buttonTextColor: null, buttonShape: 'square' });

    user.changeTemplate({ theme: 'dark' }); // #f8fafc on #ffffff would fail, but nothing of it shows

    expect(user.theme).toBe('dark');
    expect(look(user)).toEqual({ buttonColor: '#ffffff', buttonTextColor: null, buttonShape: 'square' });
  });

  it.each([
    ['#777777', '#ffffff', '4.48'],
    ['#ffffff', '#3b82f6', '3.68'],
    ['#9a6c5a', '#ffffff', '4.49'],
  ])('refuses %s text on %s (%s:1), changing nothing', (text, button, ratio) => {
    const user = aUser({ isPremium: true });

    expect(() => user.changeTemplate({ buttonColor: button, buttonTextColor: text, buttonShape: 'pill' })).toThrow(
      aDomainError('invalid', `Button text needs more contrast with the button colour (${ratio}:1; at least 4.5:1).`),
    );
    expect(look(user)).toEqual({ buttonColor: null, buttonTextColor: null, buttonShape: 'rounded' });
  });

  it.each([
    ['#ffffff', '#2563eb'],
    ['#000000', '#ffffff'],
    ['#7c7290', '#ffffff'], // 4.5000006:1
    ['#767676', '#ffffff'],
  ])('accepts %s text on %s', (text, button) => {
    const user = aUser({ isPremium: true });

    user.changeTemplate({ buttonColor: button, buttonTextColor: text });

    expect(look(user)).toMatchObject({ buttonColor: button, buttonTextColor: text });
  });

  it('checks one colour against the theme’s own other colour', () => {
    const user = aUser({ isPremium: true, theme: 'dark' });

    user.changeTemplate({ buttonTextColor: '#ffffff' }); // on the dark theme's #1e293b
    expect(user.buttonTextColor).toBe('#ffffff');

    expect(() => user.changeTemplate({ theme: 'default' })).toThrow(
      aDomainError('invalid', 'Button text needs more contrast with the button colour (1:1; at least 4.5:1).'),
    );
    expect(user.theme).toBe('dark');
    expect(() => user.changeTemplate({ buttonColor: '#fbbf24', buttonTextColor: null })).toThrow(
      aDomainError('invalid', 'Button text needs more contrast with the button colour (1.6:1; at least 4.5:1).'),
    );
  });

  it('lets a shape or a background change through without a contrast check', () => {
    const user = aUser({ isPremium: true });

    user.changeTemplate({ buttonShape: 'square', backgroundColor: '#123456' });

    expect([user.buttonShape, user.backgroundColor]).toEqual(['square', '#123456']);
  });

  it.each([
    [{ buttonColor: 'blue' }, LookMessages.invalidButtonColor],
    [{ buttonColor: '#fff' }, LookMessages.invalidButtonColor],
    [{ buttonTextColor: 'red;background:url(x)' }, LookMessages.invalidButtonTextColor],
    [{ buttonShape: 'circle' as never }, LookMessages.invalidButtonShape],
  ])('refuses %p', (change, message) => {
    const user = aUser({ isPremium: true });

    expect(() => user.changeTemplate(change)).toThrow(aDomainError('invalid', message));
    expect(look(user)).toEqual({ buttonColor: null, buttonTextColor: null, buttonShape: 'rounded' });
  });
});

describe('User.publicLook', () => {
  const custom = {
    backgroundColor: '#123456',
    buttonColor: '#2563eb',
    buttonTextColor: '#ffffff',
    buttonShape: 'pill' as const,
  };

  it('is the custom look while premium', () => {
    expect(aUser({ ...custom, isPremium: true }).publicLook()).toEqual(custom);
  });

  it('is the theme’s own once premium ends, the saved values kept', () => {
    const user = aUser({ ...custom, isPremium: false });

    expect(user.publicLook()).toEqual({
      backgroundColor: null,
      buttonColor: null,
      buttonTextColor: null,
      buttonShape: 'rounded',
    });
    expect(look(user)).toEqual({ buttonColor: '#2563eb', buttonTextColor: '#ffffff', buttonShape: 'pill' });
    expect(user.backgroundColor).toBe('#123456');
  });

  it('keeps a preset background on the free plan', () => {
    expect(aUser({ backgroundColor: '#fdf2f8' }).publicLook().backgroundColor).toBe('#fdf2f8');
  });

  it('shows the theme’s colours, keeping the shape, when saved colours have become unreadable', () => {
    const user = aUser({ isPremium: true, theme: 'dark', buttonColor: '#ffffff', buttonShape: 'square' });

    expect(user.publicLook()).toMatchObject({ buttonColor: null, buttonTextColor: null, buttonShape: 'square' });
  });
});

describe('User.changePayoutSettings', () => {
  it('sets the PayPal e-mail and CashApp handle', () => {
    const user = aUser();

    user.changePayoutSettings({ paypalEmail: 'pay@example.com', cashappHandle: 'alice_cash' });

    expect([user.paypalEmail, user.cashappHandle]).toEqual(['pay@example.com', 'alice_cash']);
  });

  it('clears a field sent empty or null and keeps one not sent', () => {
    const user = aUser({ paypalEmail: 'pay@example.com', cashappHandle: 'alice_cash' });

    user.changePayoutSettings({ paypalEmail: '' });
    expect([user.paypalEmail, user.cashappHandle]).toEqual([null, 'alice_cash']);

    user.changePayoutSettings({ cashappHandle: null });
    expect([user.paypalEmail, user.cashappHandle]).toEqual([null, null]);
  });
});

describe('User.changeBookingSettings', () => {
  it.each([100, 2550, 1_000_000])('accepts a price of %d cents', (cents) => {
    const user = aUser();

    user.changeBookingSettings(true, cents);

    expect([user.enableBooking, user.bookingPrice]).toEqual([true, cents]);
  });

  it.each([0, 99, 1_000_001, 25.5, -100, Number.NaN, Number.POSITIVE_INFINITY])(
    'refuses a price of %p cents, changing nothing',
    (cents) => {
      const user = aUser({ bookingPrice: 2500 });

      expect(() => user.changeBookingSettings(true, cents)).toThrow(
        aDomainError('invalid', Messages.bookingPriceRange),
      );
      expect([user.enableBooking, user.bookingPrice]).toEqual([false, 2500]);
    },
  );

  it('keeps the current price when none is given', () => {
    const user = aUser({ bookingPrice: 2500 });

    user.changeBookingSettings(true, undefined);

    expect([user.enableBooking, user.bookingPrice]).toEqual([true, 2500]);
  });

  it('refuses to switch booking on without a price', () => {
    const user = aUser();

    expect(() => user.changeBookingSettings(true, undefined)).toThrow(
      aDomainError('invalid', Messages.bookingPriceRequired),
    );
    expect(user.enableBooking).toBe(false);
  });

  it('refuses to clear the price while switching booking on', () => {
    const user = aUser({ bookingPrice: 2500 });

    expect(() => user.changeBookingSettings(true, null)).toThrow(
      aDomainError('invalid', Messages.bookingPriceRequired),
    );
    expect(user.bookingPrice).toBe(2500);
  });

  it('switches booking off and clears the price', () => {
    const user = aUser({ enableBooking: true, bookingPrice: 2500 });

    user.changeBookingSettings(false, null);

    expect([user.enableBooking, user.bookingPrice]).toEqual([false, null]);
  });
});
