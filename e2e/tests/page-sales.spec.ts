import { expect, test } from '@playwright/test';
import { waitForEmailMatch } from '../support/mailbox';
import { expectAccessible, expectNoSidewaysScroll, newCreator, screenshots, signUp } from '../support/product';
import { addProduct, payWithLocalCard } from '../support/selling';

/*
 * The page's other sales with the LOCAL payment provider (issue 27): tips switched on from the Sales card, sent
 * by a visitor on a phone from the bio page's 'Support me' block with a message the creator then reads; and a
 * product coupon from the Coupons card, applied in the product checkout, showing the discount before paying
 * and charging the discounted price and its fee.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const PHONE = { width: 390, height: 844 };

test('a creator takes tips: a visitor picks a preset on the bio page, adds a message and pays; the creator reads it', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const seller = newCreator('tips');
  await signUp(page, seller);

  const sales = page.getByRole('region', { name: 'Sales' });
  await sales.scrollIntoViewIfNeeded();
  const form = sales.getByRole('form', { name: 'Tip settings' });
  await form.getByLabel('Preset 1').fill('0.5');
  await form.getByRole('button', { name: 'Save tip settings' }).click();
  await expect(form.getByText('Presets must be three amounts from $1.00 to $1000.00.')).toBeVisible();
  expect((await (await page.request.get('/api/tips/settings')).json()).enabled).toBe(false);
  await form.getByLabel('Preset 1').fill('3');
  await form.getByLabel('Preset 2').fill('5');
  await form.getByLabel('Preset 3').fill('10');
  await form.getByLabel('Message (optional)').fill('Every coffee keeps the maps coming.');
  await form.getByRole('switch', { name: 'Take tips' }).click();
  await form.getByRole('button', { name: 'Save tip settings' }).click();
  await expect(page.getByText('Tip settings saved', { exact: true }).first()).toBeVisible();
  const saved = await page.request.get('/api/tips/settings');
  expect(await saved.json()).toEqual(expect.objectContaining({ enabled: true, presets: [300, 500, 1000], message: 'Every coffee keeps the maps coming.' }));

  const visitor = await browser.newContext({ baseURL: BASE_URL, viewport: PHONE });
  const tipper = await visitor.newPage();
  const problems: string[] = [];
  tipper.on('pageerror', (error) => problems.push(error.message));
  await tipper.goto(`/${seller.username}`);
  const support = tipper.getByRole('region', { name: 'Support me' });
  await expect(support).toContainText('Every coffee keeps the maps coming.');
  await expect(support.getByRole('link')).toHaveText(['$3.00', '$5.00', '$10.00', 'Custom amount']);
  await expectNoSidewaysScroll(tipper, 'The bio page with the Support me block');
  await support.getByRole('link', { name: '$5.00' }).click();
  await expect(tipper).toHaveURL(`${BASE_URL}/tip/${seller.username}?amount=500`);
  await expect(tipper.getByRole('heading', { level: 1, name: `Support ${seller.displayName}` })).toBeVisible();
  const pay = tipper.getByRole('button', { name: 'Continue to Payment' });
  await expect(pay).toBeEnabled(); // hydrated
  await expect(tipper.getByRole('radio', { name: '$5.00' })).toBeChecked();
  await expect(tipper.locator('dl.summary')).toHaveText('Tip$5.00Platform Fee (20%)$1.00Total$6.00');
  await tipper.getByLabel('Your name (optional)').fill('Robin');
  await tipper.getByLabel('Message (optional)').fill('Loved the coast map!\nMore please.');
  const tipperEmail = `tipper-${seller.username}@example.com`;
  await tipper.getByLabel('Email Address').fill(tipperEmail);
  await expectNoSidewaysScroll(tipper, 'The tip page');
  await expectAccessible(tipper);
  await screenshots(tipper, 'page-sales-tip');
  await pay.click();
  await expect(tipper.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
  await expect(tipper.locator('dl.summary')).toHaveText('Tip$5.00Platform Fee (20%)$1.00Total$6.00');
  await expectAccessible(tipper);
  const since = Date.now();
  await payWithLocalCard(tipper, '$6.00');
  await expect(tipper.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(tipper.getByRole('status')).toHaveText('Payment received. Thank you for your support! A receipt is on its way to your e-mail.');
  expect(problems).toEqual([]);
  await visitor.close();
  await waitForEmailMatch(tipperEmail, /Tip: \$5\.00\nPlatform Fee \(20%\): \$1\.00\nTotal: \$6\.00/, { since });
  await waitForEmailMatch(seller.email, /Robin sent you a tip\.\n\nMessage: Loved the coast map!\nMore please\./, { since });

  await page.reload();
  const tip = page.getByRole('region', { name: 'Sales' }).getByRole('list', { name: 'Sales' }).getByRole('listitem');
  await expect(tip).toHaveCount(1);
  await expect(tip.locator('p').first()).toHaveText('Tip');
  await expect(tip).toContainText('Robin');
  await expect(tip).toContainText(tipperEmail);
  expect(await tip.getByText('Loved the coast map!').innerText()).toBe('“Loved the coast map!\nMore please.”');
  await expect(tip).toContainText('$6.00');
  await expect(tip).toContainText('Fee $1.00');
  await expect(tip).toContainText('You earn $5.00');
  await expect(tip).toContainText('Paid');
  await screenshots(page, 'page-sales-tip-on-sales-card');
});

test('a product coupon from the Coupons card shows its discount in the product checkout and is what is charged', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const seller = newCreator('pcoupon');
  await signUp(page, seller);
  await addProduct(page, { title: 'Coast Course', price: '20', privateUrl: 'https://course.example.com/coast' });

  await page.reload(); // the Coupons card's product list
  const coupons = page.getByRole('region', { name: 'Coupons' });
  await coupons.scrollIntoViewIfNeeded();
  await coupons.getByLabel('Code').fill('COAST25');
  await coupons.getByLabel('Applies to').selectOption({ label: 'Coast Course' });
  await coupons.getByLabel('Percent off').fill('25');
  await coupons.getByRole('button', { name: 'Add coupon' }).click();
  const code = coupons.getByRole('list', { name: 'Coupons' }).getByRole('listitem').filter({ hasText: 'COAST25' });
  await expect(code).toContainText('25% off · Coast Course');
  await expect(code).toContainText('0 used');

  const visitor = await browser.newContext({ baseURL: BASE_URL, viewport: PHONE });
  const buyer = await visitor.newPage();
  const problems: string[] = [];
  buyer.on('pageerror', (error) => problems.push(error.message));
  await buyer.goto(`/${seller.username}`);
  await buyer.getByRole('link', { name: /Coast Course/ }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Coast Course' })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Apply' })).toBeEnabled(); // hydrated
  const lines = buyer.locator('dl.summary');
  await expect(lines).toHaveText('Price$20.00Platform Fee (20%)$4.00Total$24.00');

  await buyer.getByLabel('Coupon code (optional)').fill('NOPE');
  await buyer.getByRole('button', { name: 'Apply' }).click();
  await expect(buyer.getByRole('alert')).toContainText('This coupon code is not valid.');
  await expect(lines).toHaveText('Price$20.00Platform Fee (20%)$4.00Total$24.00');
  await buyer.getByLabel('Coupon code (optional)').fill('coast25');
  await buyer.getByRole('button', { name: 'Apply' }).click();
  await expect(buyer.getByText('Coupon COAST25 applied: $5.00 off.')).toBeVisible(); // the creator's code, typed in any case
  await expect(lines).toHaveText('Discount−$5.00Price$15.00Platform Fee (20%)$3.00Total$18.00');
  await expectNoSidewaysScroll(buyer, 'The product checkout with a coupon');
  await expectAccessible(buyer);
  await screenshots(buyer, 'page-sales-product-coupon');

  await buyer.getByLabel('Your name').fill('Sam Rivera');
  const buyerEmail = `coupon-buyer-${seller.username}@example.com`;
  await buyer.getByLabel('Email Address').fill(buyerEmail);
  await buyer.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(buyer.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
  await expect(lines).toHaveText('Discount−$5.00Price$15.00Platform Fee (20%)$3.00Total$18.00');
  const since = Date.now();
  await payWithLocalCard(buyer, '$18.00');
  await expect(buyer.getByRole('status')).toHaveText('Payment received. Check your e-mail for your download link.');
  const receipt = await waitForEmailMatch(
    buyerEmail,
    /keep it private\..*\n\nDiscount \(COAST25\): -\$5\.00\nPrice: \$15\.00\nPlatform Fee \(20%\): \$3\.00\nTotal: \$18\.00/,
    { since },
  );
  expect(receipt).not.toContain('downloads the file'); // a private link, not a file
  expect(problems).toEqual([]);
  await visitor.close();

  await page.reload();
  const sale = page.getByRole('region', { name: 'Sales' }).getByRole('listitem').filter({ hasText: 'Coast Course' });
  await expect(sale).toContainText('$18.00');
  await expect(sale).toContainText('Fee $3.00');
  await expect(sale).toContainText('You earn $15.00');
  await expect(page.getByRole('region', { name: 'Coupons' }).getByRole('listitem').filter({ hasText: 'COAST25' })).toContainText('1 used');
});
