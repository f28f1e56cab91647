import { expect, type Page } from '@playwright/test';

export interface NewProduct {
  title: string;
  description?: string;
  /** In dollars as typed: the price, or the minimum when the buyer chooses what to pay. */
  price: string;
  payWhatYouWant?: boolean;
  cover?: Buffer;
  /** What the buyer gets: a file uploaded through the card, or a private https:// link. */
  file?: { name: string; mimeType: string; buffer: Buffer };
  privateUrl?: string;
}

/** Adds a product through the dashboard's Products card (its 'Add Product' dialog) and returns its row. */
export async function addProduct(page: Page, product: NewProduct) {
  const card = page.getByRole('region', { name: 'Products' });
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Add Product' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Product' });
  await dialog.getByLabel('Title').fill(product.title);
  if (product.description) await dialog.getByLabel('Description').fill(product.description);
  if (product.payWhatYouWant) await dialog.getByLabel('Pay what you want').click();
  await dialog.getByLabel(product.payWhatYouWant ? 'Minimum price (USD)' : 'Price (USD)').fill(product.price);
  if (product.cover) await dialog.getByLabel('Cover image').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: product.cover });
  if (product.file) await dialog.getByLabel('File', { exact: true }).setInputFiles(product.file);
  if (product.privateUrl) {
    await dialog.getByRole('radio', { name: 'A private URL' }).check();
    await dialog.getByRole('textbox', { name: 'Private URL' }).fill(product.privateUrl);
  }
  await dialog.getByRole('button', { name: 'Add Product' }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  return card.getByRole('list', { name: 'Your products' }).getByRole('listitem').filter({ hasText: product.title });
}

/** Fills the local provider's card form with a card that pays and sends it with the button naming the total. */
export async function payWithLocalCard(page: Page, total: string) {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry date (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${total}` }).click();
}
