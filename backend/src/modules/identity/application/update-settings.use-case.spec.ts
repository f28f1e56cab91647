import { LookMessages, Messages } from '@linkbio/shared-contracts';
import { aDomainError } from '../../../shared/testing/domain-error.matcher.js';
import { FixedClock } from '../../../shared/testing/fixed-clock.js';
import { User } from '../domain/user.js';
import { InMemoryUserRepository } from '../testing/in-memory-user.repository.js';
import { UpdateSettingsUseCase } from './update-settings.use-case.js';

const CREATED = new Date('2026-03-01T09:00:00.000Z');
const NOW = new Date('2026-03-02T12:00:00.000Z');

const setup = async (change: Partial<User> = {}) => {
  const users = new InMemoryUserRepository();
  const user = Object.assign(
    User.register(
      { username: 'alice', email: 'a@example.com', passwordHash: 'h', displayName: 'Alice', bio: null },
      CREATED,
    ),
    change,
  );
  await users.add(user);
  const stored = () => users.findById(user.id).then((found) => found!);
  return { id: user.id, stored, settings: new UpdateSettingsUseCase(users, new FixedClock(NOW)) };
};

describe('UpdateSettingsUseCase', () => {
  describe('template', () => {
    it('stores the theme and colour and stamps the time', async () => {
      const { id, stored, settings } = await setup();

      const answer = await settings.template(id, { theme: 'dark', backgroundColor: '#FFFFFF' });

      expect(await stored()).toMatchObject({ theme: 'dark', backgroundColor: '#ffffff', updatedAt: NOW });
      expect(answer).toMatchObject({ theme: 'dark', backgroundColor: '#ffffff' });
    });

    it('stores nothing when the change is refused', async () => {
      const { id, stored, settings } = await setup();

      await expect(settings.template(id, { theme: 'dark', backgroundColor: '#123456' })).rejects.toEqual(
        aDomainError('forbidden', Messages.presetColorsOnly),
      );
      expect(await stored()).toMatchObject({ theme: 'default', backgroundColor: null, updatedAt: CREATED });
    });

    it('stores a premium creator’s button look with the theme', async () => {
      const { id, stored, settings } = await setup({ isPremium: true });

      const answer = await settings.template(id, {
        theme: 'vibrant',
        buttonColor: '#2563EB',
        buttonTextColor: '#ffffff',
        buttonShape: 'square',
      });

      const look = { theme: 'vibrant', buttonColor: '#2563eb', buttonTextColor: '#ffffff', buttonShape: 'square' };
      expect(await stored()).toMatchObject({ ...look, updatedAt: NOW });
      expect(answer).toMatchObject(look);
    });

    it('refuses a free creator’s button look (403) and an unreadable one (400), storing nothing', async () => {
      const free = await setup();
      await expect(free.settings.template(free.id, { theme: 'dark', buttonShape: 'pill' })).rejects.toEqual(
        aDomainError('forbidden', LookMessages.premiumLookOnly),
      );
      expect(await free.stored()).toMatchObject({ theme: 'default', buttonShape: 'rounded', updatedAt: CREATED });

      const premium = await setup({ isPremium: true });
      await expect(
        premium.settings.template(premium.id, { buttonColor: '#ffffff', buttonTextColor: '#777777' }),
      ).rejects.toEqual(
        aDomainError('invalid', 'Button text needs more contrast with the button colour (4.48:1; at least 4.5:1).'),
      );
      expect(await premium.stored()).toMatchObject({ buttonColor: null, buttonTextColor: null, updatedAt: CREATED });
    });

    it('answers not found for an unknown creator', async () => {
      const { settings } = await setup();

      await expect(settings.template('6f1c1c1e-3a55-4d7e-9a63-0d6e0c2b9d11', { theme: 'dark' })).rejects.toEqual(
        aDomainError('not_found', Messages.userNotFound),
      );
    });
  });

  describe('payoutSettings', () => {
    it('stores the PayPal e-mail and CashApp handle, and clears one sent empty', async () => {
      const { id, stored, settings } = await setup({ cashappHandle: 'old' });

      await settings.payoutSettings(id, { paypalEmail: 'pay@example.com', cashappHandle: '' });

      expect(await stored()).toMatchObject({ paypalEmail: 'pay@example.com', cashappHandle: null, updatedAt: NOW });
    });
  });

  describe('bookingSettings', () => {
    it.each([
      ['25', 2500],
      ['25.50', 2550],
      ['25.5', 2550],
      ['1', 100],
      ['1.00', 100],
      ['0010', 1000],
      ['10000', 1_000_000],
      ['10000.00', 1_000_000],
      ['9999.99', 999_999],
    ])('stores "%s" dollars as %d cents', async (dollars, cents) => {
      const { id, stored, settings } = await setup();

      const answer = await settings.bookingSettings(id, true, dollars);

      expect(await stored()).toMatchObject({ enableBooking: true, bookingPrice: cents, updatedAt: NOW });
      expect(answer.bookingPrice).toBe(cents);
    });

    it.each(['0.99', '0', '0.00', '10000.01', '20000'])(
      'refuses "%s" dollars as out of range, storing nothing',
      async (dollars) => {
        const { id, stored, settings } = await setup({ bookingPrice: 2500 });

        await expect(settings.bookingSettings(id, true, dollars)).rejects.toEqual(
          aDomainError('invalid', Messages.bookingPriceRange),
        );
        expect(await stored()).toMatchObject({ enableBooking: false, bookingPrice: 2500, updatedAt: CREATED });
      },
    );

    it.each([
      '12.345',
      '-1',
      '1e3',
      'abc',
      '$25',
      '25.',
      '.50',
      ' 25',
      '25 ',
      '1,000',
      '0x10',
      'Infinity',
      'NaN',
      '99999999',
    ])('refuses %p as not a dollar amount, storing nothing', async (dollars) => {
      const { id, stored, settings } = await setup({ bookingPrice: 2500 });

      await expect(settings.bookingSettings(id, true, dollars)).rejects.toEqual(
        aDomainError('invalid', Messages.invalidBookingPrice),
      );
      expect(await stored()).toMatchObject({ enableBooking: false, bookingPrice: 2500 });
    });

    it('keeps the price when none is sent', async () => {
      const { id, stored, settings } = await setup({ bookingPrice: 2500 });

      await settings.bookingSettings(id, true, undefined);

      expect(await stored()).toMatchObject({ enableBooking: true, bookingPrice: 2500 });
    });

    it.each([null, ''])('clears the price when it is sent as %p with booking off', async (dollars) => {
      const { id, stored, settings } = await setup({ enableBooking: true, bookingPrice: 2500 });

      await settings.bookingSettings(id, false, dollars);

      expect(await stored()).toMatchObject({ enableBooking: false, bookingPrice: null });
    });

    it('refuses to switch booking on without a price', async () => {
      const { id, stored, settings } = await setup();

      await expect(settings.bookingSettings(id, true, '')).rejects.toEqual(
        aDomainError('invalid', Messages.bookingPriceRequired),
      );
      expect(await stored()).toMatchObject({ enableBooking: false, bookingPrice: null });
    });
  });
});
