import { expect, test } from '@playwright/test';
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { waitForEmailMatch } from '../support/mailbox';
import { expectAccessible, expectNoSidewaysScroll, newCreator, screenshots, signUp } from '../support/product';
import { addProduct, payWithLocalCard } from '../support/selling';
import { png } from '../support/uploads';

/*
 * Selling a file from the page with the LOCAL payment provider (issue 27): the creator adds a product with a cover
 * and a file on the dashboard's Products card; a visitor on a phone finds it on the bio page, opens its page,
 * pays its price and the 20% platform fee, gets the order link by e-mail and downloads exactly the file uploaded;
 * the creator sees the sale on the Sales card and refunds it, after which the order link no longer works.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const PHONE = { width: 390, height: 844 };
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A small but real PDF with bytes of this run's own, so the download can be compared byte for byte. */
function pdf(marker: string): Buffer {
  const text = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${marker}\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return Buffer.concat([Buffer.from(text, 'latin1'), Buffer.from([0x00, 0xff, 0x10, 0x80, 0x7f])]);
}

test('a creator sells a file from the page: a visitor pays, downloads exactly that file, and a refund ends the order link', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const seller = newCreator('sell');
  await signUp(page, seller);

  const file = pdf(`${seller.username}-${Date.now()}`);
  const row = await addProduct(page, {
    title: 'Field Guide',
    description: 'Thirty pages of maps.\nPrinted or on screen.',
    price: '12',
    cover: png(64, 64, [40, 120, 200]),
    file: { name: 'field-guide.pdf', mimeType: 'application/pdf', buffer: file },
  });
  await expect(row).toContainText('Field Guide');
  await expect(row).toContainText('$12.00');
  await expect(page.getByRole('region', { name: 'Sales' }).getByText('No sales yet')).toBeVisible();
  const pwywRow = await addProduct(page, { title: 'Zine', price: '5', payWhatYouWant: true, file: { name: 'zine.txt', mimeType: 'text/plain', buffer: Buffer.from('zine\n') } });
  await expect(pwywRow).toContainText('From $5.00');
  await screenshots(page, 'product-purchase-products-card');

  // A visitor on a phone: the bio page's product block, then the product's own page.
  const visitor = await browser.newContext({ baseURL: BASE_URL, viewport: PHONE, acceptDownloads: true });
  const buyer = await visitor.newPage();
  const problems: string[] = [];
  buyer.on('pageerror', (error) => problems.push(error.message));
  await buyer.goto(`/${seller.username}`);
  const block = buyer.getByRole('link', { name: /Field Guide/ });
  await expect(block).toContainText('$12.00');
  await expect(block.locator('img')).toHaveAttribute('src', /.+/);
  await expectNoSidewaysScroll(buyer, 'The bio page with products');
  await block.click();
  await expect(buyer).toHaveURL(new RegExp(`/${seller.username}/products/[^/]+$`));
  await expect(buyer.getByRole('heading', { level: 1, name: 'Field Guide' })).toBeVisible();
  await expect(buyer.locator('.product-price')).toHaveText('$12.00');
  expect(await buyer.locator('.product-description').innerText()).toBe('Thirty pages of maps.\nPrinted or on screen.');

  const pay = buyer.getByRole('button', { name: 'Continue to Payment' });
  await expect(pay).toBeEnabled(); // hydrated
  const lines = buyer.locator('dl.summary');
  await expect(lines).toHaveText('Price$12.00Platform Fee (20%)$2.40Total$14.40');
  await expectNoSidewaysScroll(buyer, 'The product page');
  await expectAccessible(buyer);
  await screenshots(buyer, 'product-purchase-page');

  await pay.click();
  await expect(buyer.getByText('Name is required')).toBeVisible();
  await expect(buyer.getByText('Valid email is required')).toBeVisible();
  const buyerEmail = `buyer-${seller.username}@example.com`;
  await buyer.getByLabel('Your name').fill('Sam Rivera');
  await buyer.getByLabel('Email Address').fill(buyerEmail);
  const since = Date.now();
  await pay.click();
  await expect(buyer.getByRole('heading', { name: 'Payment Details' })).toBeFocused();
  await expect(lines).toHaveText('Price$12.00Platform Fee (20%)$2.40Total$14.40');
  await expectNoSidewaysScroll(buyer, 'The product checkout');
  await expectAccessible(buyer);
  await payWithLocalCard(buyer, '$14.40');
  await expect(buyer.getByRole('heading', { name: 'Thank you!' })).toBeVisible();
  await expect(buyer.getByRole('status')).toHaveText('Payment received. Check your e-mail for your download link.');
  await screenshots(buyer, 'product-purchase-paid');

  // The receipt carries the private order link; it shows the product and its Download.
  const link = await waitForEmailMatch(buyerEmail, /https?:\/\/[^\s/]+\/order\/[A-Za-z0-9_-]+/, { since });
  const orderPath = new URL(link).pathname;
  const receipt = await waitForEmailMatch(buyerEmail, /keep it private\..*\n\nPrice: \$12\.00\nPlatform Fee \(20%\): \$2\.40\nTotal: \$14\.40/, { since });
  expect(receipt).toContain('It downloads the file up to 10 times.');
  await buyer.goto(orderPath);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Field Guide' })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Download' })).toBeVisible();
  await expectNoSidewaysScroll(buyer, 'The order page');
  await expectAccessible(buyer);
  const [download] = await Promise.all([buyer.waitForEvent('download'), buyer.getByRole('button', { name: 'Download' }).click()]);
  expect(download.suggestedFilename()).toBe('field-guide.pdf');
  const downloaded = await readFile((await download.path())!);
  expect(sha256(downloaded)).toBe(sha256(file));

  // The file's own answer: an attachment, never sniffed as anything else.
  const toFile = await visitor.request.post(`${orderPath}/download`, { maxRedirects: 0 });
  expect(toFile.status()).toBe(303);
  const fileResponse = await visitor.request.get(toFile.headers()['location']!);
  expect(fileResponse.status()).toBe(200);
  expect(fileResponse.headers()['content-disposition']).toMatch(/^attachment\b/);
  expect(fileResponse.headers()['x-content-type-options']).toBe('nosniff');
  expect(sha256(await fileResponse.body())).toBe(sha256(file));

  // A pay-what-you-want product refuses an amount below its minimum, under the field, before any order.
  await buyer.goto(`/${seller.username}`);
  await buyer.getByRole('link', { name: /Zine/ }).click();
  await expect(buyer.getByText('Pay what you want: $5.00 or more.')).toBeVisible();
  const amount = buyer.getByLabel('Amount ($)');
  await expect(amount).toHaveValue('5.00');
  await expect(buyer.getByRole('button', { name: 'Continue to Payment' })).toBeEnabled();
  await amount.fill('3');
  await expect(buyer.locator('dl.summary')).toHaveText('Price$3.00Platform Fee (20%)$0.60Total$3.60');
  await buyer.getByLabel('Your name').fill('Sam Rivera');
  await buyer.getByLabel('Email Address').fill(buyerEmail);
  await buyer.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(buyer.getByText('Please enter at least $5.00.')).toBeVisible();
  await expect(amount).toBeFocused();
  await expect(amount).toHaveAttribute('aria-invalid', 'true');
  await expect(buyer.getByRole('heading', { name: 'Payment Details' })).toHaveCount(0);
  expect(problems).toEqual([]);

  // The creator sees the sale and refunds it; the order link then stops working.
  await page.reload();
  const sales = page.getByRole('region', { name: 'Sales' });
  await sales.scrollIntoViewIfNeeded();
  const sale = sales.getByRole('listitem').filter({ hasText: 'Field Guide' });
  await expect(sale).toContainText('Sam Rivera');
  await expect(sale).toContainText(buyerEmail);
  await expect(sale).toContainText('$14.40');
  await expect(sale).toContainText('Fee $2.40');
  await expect(sale).toContainText('You earn $12.00');
  await expect(sale).toContainText('Paid');
  await sale.getByRole('button', { name: 'Refund Field Guide of Sam Rivera' }).click();
  const confirm = page.getByRole('dialog', { name: 'Refund this sale?' });
  await expect(confirm).toContainText('Sam Rivera is refunded $14.40 in full and told by e-mail.');
  await confirm.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(sale).toContainText('Refunded');
  await expect(sale).toContainText('Refunded: you earn nothing');
  await expect(sale.getByRole('button', { name: /^Refund / })).toHaveCount(0);

  await waitForEmailMatch(buyerEmail, /Your payment of \$14\.40 for "Field Guide" has been refunded in full\.\nThe order link no longer works\./, { since });
  const refused = await buyer.goto(orderPath);
  expect(refused?.status()).toBeGreaterThanOrEqual(400);
  await expect(buyer.getByRole('button', { name: 'Download' })).toHaveCount(0);
  const noFile = await visitor.request.post(`${orderPath}/download`, { maxRedirects: 0 });
  expect(noFile.status()).toBeGreaterThanOrEqual(400);
  await visitor.close();
});
