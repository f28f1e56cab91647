import { expect, test as base, type Page } from '@playwright/test';
import { waitForEmailMatch } from '../support/mailbox';
import { freePort, startOwnProduct, type OwnProduct } from '../support/own-product';
import { newCreator, signUp } from '../support/product';
import { StripeApiStub } from '../support/stripe-api-stub';
import { routeStripe } from '../support/stripe-js-stub';

/*
 * Premium's billing on the dashboard (issue 24): a creator pays Premium, changes the card that renews it
 * from the plan card, sees the new card's last four digits and the billing history with the receipt. With
 * the local provider (the product `npm test` starts), then on the Stripe path (a product of its own, its API a
 * local stub, Stripe.js a test double): the card saved through a SetupIntent pays the next renewal.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';

const planCard = (page: Page) => page.getByRole('region', { name: 'Plan' });
const history = (page: Page) => planCard(page).getByRole('list', { name: 'Premium charges' });

base('local provider: subscribe, change the card from the dashboard, see it and the receipt', async ({ page }) => {
  const creator = newCreator('premium-card');
  await signUp(page, creator);
  await expect(planCard(page).getByText('No Premium charges yet.', { exact: false })).toBeVisible();

  await planCard(page).getByRole('link', { name: 'Upgrade to Premium' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/subscribe`);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe to Premium' }).click();
  await expect(page).toHaveURL(`${BASE_URL}/dashboard`);
  await expect(planCard(page).getByText('Premium', { exact: true })).toBeVisible();
  await expect(planCard(page).getByTestId('renewal-card')).toHaveText('Card ending in 4242');

  // The billing history: the first payment, with its receipt number, the same as in the receipt e-mail.
  const line = history(page).getByRole('listitem');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('$9.99 paid');
  await expect(line).toContainText('Card ending in 4242');
  const receipt = (await line.textContent())!.match(/LB-\d{4}-\d{6}/)![0];
  expect(await waitForEmailMatch(creator.email, /Receipt number: LB-\d{4}-\d{6}/)).toBe(`Receipt number: ${receipt}`);

  // Change card: a declined card is refused with its message, then another is saved.
  await planCard(page).getByRole('button', { name: 'Change card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change card' });
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry date (MM/YY)').fill('11/33');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  // The open dialog hides the page's notices from assistive tech: read the text.
  await expect(page.getByText('Your card was declined.').first()).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(page.getByTestId('renewal-card')).toHaveText('Card ending in 4242');

  await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
  await dialog.getByRole('button', { name: 'Save card' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Your next Premium renewal will be charged to the new card.').first()).toBeVisible();
  await expect(planCard(page).getByTestId('renewal-card')).toHaveText('Card ending in 4444');
  await page.reload();
  await expect(planCard(page).getByTestId('renewal-card')).toHaveText('Card ending in 4444');
  await expect(history(page).getByRole('listitem')).toContainText(receipt);
});

base.describe('on Stripe', () => {
  const KEYS = { secretKey: 'sk_test_e2e_card', publishableKey: 'pk_test_e2e_card', webhookSecret: `whsec_e2e_card_${Date.now().toString(36)}` };
  let product: OwnProduct;
  let stripe: StripeApiStub;

  const test = base.extend({
    context: async ({ browser }, use) => {
      const context = await browser.newContext({ baseURL: product.url });
      await routeStripe(context, stripe.url);
      await use(context);
      await context.close();
    },
  });

  base.beforeAll(async () => {
    base.setTimeout(60_000);
    const port = await freePort();
    stripe = await new StripeApiStub({ ...KEYS, webhookDelayMs: 300, webhookUrl: `http://127.0.0.1:${port}/api/webhooks/stripe` }).start();
    product = await startOwnProduct('premium_card', port, {
      STRIPE_SECRET_KEY: KEYS.secretKey,
      STRIPE_PUBLISHABLE_KEY: KEYS.publishableKey,
      STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
      STRIPE_API_URL: stripe.url,
    });
  });

  base.afterAll(async () => {
    await product?.stop();
    await stripe?.close();
  });

  const typeCard = async (page: Page, scope: ReturnType<Page['getByRole']> | Page, number: string) => {
    await scope.getByLabel('Card number').fill(number);
    await scope.getByLabel('Expiration date').fill('11 / 33');
    await scope.getByLabel('Security code').fill('123');
  };

  test('a SetupIntent confirmed in Stripe Elements makes the new card the one the next renewal charges', async ({ page }) => {
    const creator = newCreator('stripe-card');
    await signUp(page, creator);
    await planCard(page).getByRole('link', { name: 'Upgrade to Premium' }).click();
    const subscribe = page.getByRole('button', { name: 'Subscribe to Premium' });
    await expect(subscribe).toBeEnabled();
    await typeCard(page, page, '4242 4242 4242 4242');
    await subscribe.click();
    await expect(page).toHaveURL(`${product.url}/dashboard`);
    await expect(planCard(page).getByText('Premium', { exact: true })).toBeVisible();
    await stripe.settled();
    await page.reload();
    await expect(planCard(page).getByTestId('renewal-card')).toHaveText('Card ending in 4242');
    await expect(history(page).getByRole('listitem')).toContainText('Card ending in 4242');

    await planCard(page).getByRole('button', { name: 'Change card' }).click();
    const dialog = page.getByRole('dialog', { name: 'Change card' });
    const save = dialog.getByRole('button', { name: 'Save card' });
    await expect(save).toBeEnabled();
    await typeCard(page, dialog, '4000 0000 0000 0002');
    await save.click();
    await expect(page.getByText('Your card was declined.').first()).toBeVisible();
    await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
    await save.click();
    await expect(dialog).toBeHidden();
    await expect(planCard(page).getByTestId('renewal-card')).toHaveText('Card ending in 4444');

    // Stripe renews the subscription a month later: charged to the new card, with a receipt saying so.
    const [userRow] = await product.query<{ id: string }>('select id from users where username = $1', [creator.username]);
    const [subscription] = stripe.subscriptionsOf(userRow!.id);
    expect(subscription!.default_payment_method).toMatch(/^pm_/);
    stripe.renew(subscription!.id as string);
    await stripe.settled();
    expect(stripe.deliveries.filter((d) => d.type === 'invoice.paid').map((d) => d.status)).toEqual([200, 200]);
    await page.reload();
    const lines = history(page).getByRole('listitem');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText('Card ending in 4444');
    await expect(lines.nth(1)).toContainText('Card ending in 4242');
  });
});
