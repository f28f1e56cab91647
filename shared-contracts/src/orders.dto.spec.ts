import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { OrderMessages, OrderRequest, TipRequest, TipSettingsRequest } from './orders.dto.js';

const problems = (type: new () => object, body: object): string[] =>
  validateSync(plainToInstance(type, body)).flatMap((error) => Object.values(error.constraints ?? {}));

describe('order and tip requests', () => {
  const buyer = { customerName: 'Ada', customerEmail: 'ada@example.com' };

  it('takes a buyer, an optional whole amount, coupon code and list tick', () => {
    expect(problems(OrderRequest, buyer)).toEqual([]);
    expect(problems(OrderRequest, { ...buyer, amountCents: 700, couponCode: 'SAVE-10', joinList: true })).toEqual([]);
    expect(problems(OrderRequest, { ...buyer, couponCode: '' })).toEqual([]);
  });

  it.each<[string, object, string]>([
    ['a missing name', { customerEmail: 'a@example.com' }, OrderMessages.nameRequired],
    ['a bad e-mail', { customerName: 'Ada', customerEmail: 'x' }, OrderMessages.validEmailRequired],
    ['a fractional amount', { ...buyer, amountCents: 1.5 }, OrderMessages.amountInvalid],
    ['an amount in a string', { ...buyer, amountCents: '700' }, OrderMessages.amountInvalid],
    ['an amount over the most', { ...buyer, amountCents: 1_000_001 }, OrderMessages.aboveMaximum],
    ['a coupon code with spaces', { ...buyer, couponCode: 'A B' }, OrderMessages.couponInvalid],
    ['a list tick that is no boolean', { ...buyer, joinList: 'yes' }, OrderMessages.joinListBoolean],
  ])('refuses an order with %s', (_, body, message) => {
    expect(problems(OrderRequest, body)).toContain(message);
  });

  it('takes tips from $1.00 to $1,000.00 with a message of at most 500 characters', () => {
    expect(problems(TipRequest, { customerEmail: 'a@example.com', amountCents: 100 })).toEqual([]);
    expect(problems(TipRequest, { customerEmail: 'a@example.com', amountCents: 100_000, message: 'x'.repeat(500), name: 'Grace' })).toEqual([]);
    expect(problems(TipRequest, { customerEmail: 'a@example.com', amountCents: 99 })).toContain(OrderMessages.tipAmount);
    expect(problems(TipRequest, { customerEmail: 'a@example.com', amountCents: 100_001 })).toContain(OrderMessages.tipAmount);
    expect(problems(TipRequest, { customerEmail: 'a@example.com', amountCents: 500, message: 'x'.repeat(501) })).toContain(OrderMessages.tipMessageTooLong);
  });

  it('takes exactly three preset tip amounts in range', () => {
    expect(problems(TipSettingsRequest, { enabled: true, presets: [300, 500, 1000] })).toEqual([]);
    for (const presets of [[300, 500], [300, 500, 1000, 2000], [300, 500, 99], [300, 500, 1.5], 'x']) {
      expect(problems(TipSettingsRequest, { enabled: true, presets })).toContain(OrderMessages.tipPresets);
    }
    expect(problems(TipSettingsRequest, { enabled: 'yes', presets: [300, 500, 1000] })).toContain(OrderMessages.tipsEnabledBoolean);
  });

  it('says the minimum of a pay-what-you-want product in dollars', () => {
    expect(OrderMessages.belowMinimum(500)).toBe('The least you can pay for this product is $5.00.');
  });
});
