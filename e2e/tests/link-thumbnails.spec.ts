import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, newCreator, signUp, type Creator } from '../support/product';
import { png, uploadInDialog } from '../support/uploads';

/*
 * Link thumbnails (issue 26): a creator gives a link an image from its row in the dashboard; the server makes
 * it an 88 px WebP square, and the bio page shows it in place of the link's icon at 44 CSS px. A file that is
 * no image (a text file named .png) is refused in the upload dialog with the server's message, for the
 * thumbnail, the profile picture and the background alike, never as 'Upload complete'.
 */

const SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const REFUSAL = 'Only JPEG, PNG, WebP and GIF images can be used (SVG and other files are refused)';
const NOTES = Buffer.from('Shopping list: milk, eggs, bread.\nNot a picture at all.\n');


/** Each size: no sideways scroll, nothing serious for axe, and a screenshot kept as an artifact. */
async function checkScreens(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const size of SIZES) {
    await test.step(`${name} at ${size.width} px`, async () => {
      await page.setViewportSize(size);
      await ready();
      await expectNoSidewaysScroll(page, `${name} at ${size.width} px`, { soft: true });
      await expectAccessible(page);
      await page.screenshot({ path: test.info().outputPath(`${name}-${size.width}.png`), fullPage: true });
    });
  }
}

async function addLink(page: Page, title: string, url: string) {
  const answer = await page.request.post('/api/links', { data: { title, url } });
  expect(answer.status(), await answer.text()).toBe(201);
}

const linkRow = (page: Page, title: string) => page.getByTestId('link-row').filter({ hasText: title });

async function thumbnailOf(page: Page, title: string): Promise<string | null> {
  const links = (await (await page.request.get('/api/links')).json()) as Array<{ title: string; thumbnail: string | null }>;
  return links.find((link) => link.title === title)?.thumbnail ?? null;
}

test.describe('link thumbnails', () => {
  // Many uploads, and three sizes of two screens each, on a shared two-core machine.
  test.describe.configure({ timeout: 180_000 });
  let creator: Creator;

  test('a creator gives a link a thumbnail, replaces and removes it; the bio page shows it at its size', async ({ page }) => {
    creator = newCreator('thumb');
    await signUp(page, creator);
    await addLink(page, 'My shop', 'https://shop.example.com');
    await addLink(page, 'My videos', 'https://www.youtube.com/@maya');
    await page.reload();

    await linkRow(page, 'My shop').getByRole('button', { name: 'Add a thumbnail to My shop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Thumbnail for My shop' });
    await expect(dialog).toContainText('JPG, PNG, WebP or GIF up to 5MB');
    await uploadInDialog(page, 'shop.png', png(600, 400, [124, 58, 237]));
    await expect(page.getByText('Thumbnail updated').first()).toBeVisible();
    await expect(dialog).toBeHidden();

    const first = await thumbnailOf(page, 'My shop');
    expect(first).toMatch(/^\/objects\/users\/[0-9a-f-]+\/[0-9a-f-]+\.webp$/);
    const served = await page.request.get(first!);
    expect(served.headers()['content-type']).toBe('image/webp');
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const control = linkRow(page, 'My shop').getByRole('button', { name: 'Thumbnail of My shop: replace or remove' });
    await expect(control.locator('img')).toHaveAttribute('src', first!);
    await expect.poll(() => control.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(88);

    await checkScreens(page, 'dashboard-link-thumbnail', () => expect(control).toBeVisible());

    // The bio page: the image in place of the icon, 44 CSS px, decorative, lazy; the other link keeps its icon.
    await page.goto(`/${creator.username}`);
    const shop = page.locator('a.btn-link').filter({ hasText: 'My shop' });
    const thumb = shop.locator('img.thumb');
    await expect(thumb).toHaveAttribute('src', first!);
    await expect(thumb).toHaveAttribute('alt', '');
    await expect(thumb).toHaveAttribute('width', '44');
    await expect(thumb).toHaveAttribute('height', '44');
    await expect(thumb).toHaveAttribute('loading', 'lazy');
    await expect(thumb).toHaveAttribute('decoding', 'async');
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(88);
    expect(await thumb.evaluate((img) => Math.round(img.getBoundingClientRect().width))).toBe(44);
    await expect(shop.locator('svg').first()).toHaveAttribute('class', 'go');
    await expect(page.locator('a.btn-link').filter({ hasText: 'My videos' }).locator('img')).toHaveCount(0);
    await expect(shop).toHaveAccessibleName(/My shop/);
    await checkScreens(page, 'bio-page-link-thumbnail', () => expect(thumb).toBeVisible());

    // Replace, then remove: the old file goes each time, and the link shows its icon again.
    await page.goto('/dashboard');
    await linkRow(page, 'My shop').getByRole('button', { name: 'Thumbnail of My shop: replace or remove' }).click();
    await page.getByRole('menuitem', { name: 'Replace thumbnail' }).click();
    await uploadInDialog(page, 'shop-2.png', png(200, 300, [22, 163, 74]));
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect.poll(() => thumbnailOf(page, 'My shop')).not.toBe(first);
    const second = await thumbnailOf(page, 'My shop');
    expect((await page.request.get(first!)).status()).toBe(404);

    await linkRow(page, 'My shop').getByRole('button', { name: 'Thumbnail of My shop: replace or remove' }).click();
    await page.getByRole('menuitem', { name: 'Remove thumbnail' }).click();
    await expect(page.getByText('Thumbnail removed').first()).toBeVisible();
    await expect(linkRow(page, 'My shop').getByRole('button', { name: 'Add a thumbnail to My shop' })).toBeVisible();
    expect((await page.request.get(second!)).status()).toBe(404);
    await page.goto(`/${creator.username}`);
    await expect(page.locator('img.thumb')).toHaveCount(0);
  });

  test('a text file named .png is refused in the dialog with the server’s message, never “Upload complete”', async ({ page }) => {
    creator = newCreator('wrongfile');
    await signUp(page, creator);
    await addLink(page, 'My shop', 'https://shop.example.com');
    await page.reload();

    const openers: Array<[string, () => Promise<void>]> = [
      ['thumbnail', () => linkRow(page, 'My shop').getByRole('button', { name: 'Add a thumbnail to My shop' }).click()],
      ['profile picture', () => page.getByRole('button', { name: 'Upload picture' }).click()],
      [
        'background image',
        async () => {
          await page.getByRole('tab', { name: 'Custom Image' }).click();
          await page.getByRole('button', { name: 'Upload image' }).click();
        },
      ],
    ];
    for (const [what, open] of openers) {
      await test.step(what, async () => {
        await open();
        const dialog = page.getByRole('dialog');
        await uploadInDialog(page, 'notes.png', NOTES);
        await expect(dialog.getByTestId('upload-refusal')).toHaveText(REFUSAL);
        await expect(dialog.getByText(/Upload complete/i)).toHaveCount(0);
        await expect(page.getByText(/^Failed to update/)).toHaveCount(0);
        await expect(dialog).toBeVisible();
        if (what === 'thumbnail') {
          await checkScreens(page, 'upload-refusal', () => expect(dialog.getByTestId('upload-refusal')).toBeVisible());
        }
        // The refused file leaves the dialog, and another can be picked, and then it is used.
        await expect(dialog.getByText('1 file selected')).toHaveCount(0);
        await uploadInDialog(page, 'real.png', png(96, 96, [37, 99, 235]));
        await expect(dialog).toBeHidden();
      });
    }
    expect(await thumbnailOf(page, 'My shop')).toMatch(/\.webp$/);
    const me = (await (await page.request.get('/api/auth/me')).json()) as { avatar: string | null; backgroundImage: string | null };
    expect(me.avatar).toMatch(/\.png$/);
    expect(me.backgroundImage).toMatch(/\.png$/);
  });
});
