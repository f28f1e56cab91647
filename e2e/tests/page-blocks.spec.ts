import { expect, test, type APIRequestContext, type Browser, type Page, type Request } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, newCreator, registerWith, screenshots, type Creator } from '../support/product';

/*
 * The page's blocks as a visitor and a creator meet them: a header (a section title), a link and a YouTube embed
 * on the rendered page with JavaScript on and off; the embed making no request to another origin until the
 * visitor clicks it, then the player on YouTube's privacy-enhanced host (requests outside are answered here, so
 * the spec needs no internet); the dashboard's add, edit and delete with Undo; and the new dialogs at 320, 390
 * and 1280 px, accessible and without sideways scroll.
 */

const BASE_URL = process.env.E2E_BASE_URL ?? 'http://localhost:3000';
const ORIGIN = new URL(BASE_URL).origin;
const VIDEO = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const PLAYER = 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ';
/** Headless Chromium counts as a bot; a visitor's click counts when browsing as a phone. */
const PHONE_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36';
const SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

interface Blocks {
  creator: Creator;
  linkId: string;
  embedId: string;
  headerId: string;
}

async function post(api: APIRequestContext, data: Record<string, unknown>): Promise<string> {
  const response = await api.post('/api/links', { data });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A creator whose page holds, top to bottom: a header, a link and an embed. */
async function creatorWithBlocks(browser: Browser): Promise<Blocks> {
  const creator = newCreator('bb');
  const context = await browser.newContext({ baseURL: BASE_URL });
  try {
    await registerWith(context.request, creator);
    const embedId = await post(context.request, { kind: 'embed', title: 'My new video', url: VIDEO });
    const linkId = await post(context.request, { title: 'My shop', url: 'https://shop.example.com' });
    const headerId = await post(context.request, { kind: 'header', title: 'Watch and shop' });
    return { creator, linkId, embedId, headerId };
  } finally {
    await context.close();
  }
}

/** Every request the page makes, and the ones to another origin answered here (never sent out). */
async function recordRequests(page: Page) {
  const requests: string[] = [];
  page.context().on('request', (request: Request) => requests.push(request.url()));
  await page.context().route(
    (url) => url.origin !== ORIGIN,
    (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Player</title>' }),
  );
  return { outside: () => requests.filter((url) => !url.startsWith(`${ORIGIN}/`) && !url.startsWith('data:')) };
}


test.describe('page blocks on the bio page', () => {
  let blocks: Blocks;

  test.beforeAll(async ({ browser }) => {
    blocks = await creatorWithBlocks(browser);
  });

  test('shows a header, a link and an embed facade, loading nothing from another origin until the embed is clicked', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, userAgent: PHONE_CHROME, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const { outside } = await recordRequests(page);

    await page.goto(`/${blocks.creator.username}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Watch and shop' })).toBeVisible();
    await expect(page.getByRole('link', { name: /My shop/ })).toHaveAttribute('href', `/go/${blocks.linkId}`);
    const facade = page.getByRole('link', { name: /My new video/ });
    await expect(facade).toContainText('YouTube · tap to play');
    await expect(facade).toHaveAttribute('href', `/go/${blocks.embedId}`);
    // The headings go h1 (the creator) then h2 (the section), in order.
    expect(await page.locator('h1, h2, h3').evaluateAll((hs) => hs.map((h) => h.tagName))).toEqual(['H1', 'H2']);
    await expectAccessible(page);
    await page.waitForLoadState('networkidle');
    expect(outside()).toEqual([]);
    await screenshots(page, 'page-blocks-bio');

    const clicked = page.waitForRequest((request) => request.url() === `${ORIGIN}/api/links/${blocks.embedId}/click`);
    await facade.click();
    const player = page.locator('iframe.player');
    await expect(player).toHaveAttribute('src', PLAYER);
    await expect(player).toHaveAttribute('title', 'My new video (YouTube player)');
    expect(page.url()).toBe(`${ORIGIN}/${blocks.creator.username}`);
    await clicked;
    await expect.poll(() => outside()).toEqual([PLAYER]);
    await expectNoSidewaysScroll(page);
    await context.close();
  });

  test('works with JavaScript off: the embed is a link to /go, which leads to the video on YouTube', async ({
    browser,
  }) => {
    const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false, userAgent: PHONE_CHROME });
    const page = await context.newPage();
    const { outside } = await recordRequests(page);

    await page.goto(`/${blocks.creator.username}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Watch and shop' })).toBeVisible();
    await expect(page.getByRole('link', { name: /My shop/ })).toBeVisible();
    expect(outside()).toEqual([]);

    const facade = page.getByRole('link', { name: /My new video/ });
    const [popup] = await Promise.all([context.waitForEvent('page'), facade.click()]);
    // /go/{id} counts the click and redirects to the video itself, never to the player.
    await expect.poll(() => outside()).toEqual([VIDEO]);
    await popup.close();
    await context.close();
  });

  test('reads well in the vibrant and dark themes too (axe)', async ({ browser }) => {
    const creator = newCreator('bt');
    const owner = await browser.newContext({ baseURL: BASE_URL });
    await registerWith(owner.request, creator);
    await post(owner.request, { kind: 'embed', url: 'https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC' });
    await post(owner.request, { kind: 'header', title: 'Listen' });
    const visitor = await browser.newContext({ baseURL: BASE_URL });
    const page = await visitor.newPage();
    await recordRequests(page);
    for (const theme of ['vibrant', 'dark']) {
      const template = await owner.request.put('/api/users/template', { data: { theme, backgroundColor: null } });
      expect(template.status(), await template.text()).toBe(200);
      await page.goto(`/${creator.username}`);
      await expect(page.getByRole('link', { name: /Spotify · tap to play/ })).toBeVisible();
      await expectAccessible(page);
    }
    await visitor.close();
    await owner.close();
  });

  test('answers /go of a header as an unknown link', async ({ request }) => {
    const response = await request.get(`/go/${blocks.headerId}`, { maxRedirects: 0 });
    expect(response.status()).toBe(404);
  });

  test('shows every kind on the page at 320, 390 and 1280 px without sideways scroll, accessible', async ({ page }) => {
    await recordRequests(page);
    for (const size of SIZES) {
      await page.setViewportSize(size);
      await page.goto(`/${blocks.creator.username}`);
      await expect(page.getByRole('heading', { level: 2, name: 'Watch and shop' })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await expectAccessible(page);
    }
  });
});

test.describe('page blocks in the dashboard', () => {
  test('adds a header and an embed, edits a link keeping its clicks, deletes with Undo', async ({ browser }) => {
    test.setTimeout(120_000);
    const creator = newCreator('bd');
    const context = await browser.newContext({ baseURL: BASE_URL });
    const page = await context.newPage();
    await registerWith(page.request, creator);
    const shopId = await post(page.request, { title: 'Shpo', url: 'https://maya.store' });
    const visitor = await browser.newContext({ baseURL: BASE_URL, userAgent: PHONE_CHROME });
    expect((await visitor.request.post(`/api/links/${shopId}/click`)).status()).toBe(200);
    await visitor.close();
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Your Links' });
    await expect(card.getByText('1 click', { exact: true })).toBeVisible({ timeout: 15_000 });

    // A header, then an embed with no title (the service names it).
    await card.getByRole('button', { name: 'Add Link' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add New Link' });
    await dialog.getByText('Header', { exact: true }).click();
    await expect(dialog.getByLabel('URL')).toHaveCount(0);
    await dialog.getByLabel('Section Title').fill('Listen');
    await dialog.getByRole('button', { name: 'Add Header' }).click();
    await expect(dialog).toBeHidden();
    await card.getByRole('button', { name: 'Add Link' }).click();
    dialog = page.getByRole('dialog', { name: 'Add New Link' });
    await dialog.getByText('Embed', { exact: true }).click();
    await dialog.getByLabel('YouTube, Vimeo, Spotify or SoundCloud URL').fill('https://example.com/video');
    await dialog.getByRole('button', { name: 'Add Embed' }).click();
    await expect(dialog.getByText(/Embeds work with YouTube, Vimeo, Spotify and SoundCloud/)).toBeVisible();
    await dialog.getByLabel('YouTube, Vimeo, Spotify or SoundCloud URL').fill('https://open.spotify.com/track/4uLU6hMCjMI75M1A2tKUQC');
    await dialog.getByRole('button', { name: 'Add Embed' }).click();
    await expect(dialog).toBeHidden();
    const rows = card.getByTestId('link-row');
    await expect(rows).toHaveCount(3);
    await expect(rows.nth(0)).toContainText('Spotify embed');
    await expect(rows.nth(1)).toContainText('Section title');

    // Edit the typo: the clicks stay.
    await card.getByRole('button', { name: 'Edit Shpo' }).click();
    dialog = page.getByRole('dialog', { name: 'Edit Link' });
    await dialog.getByLabel('Link Title').fill('Shop');
    await dialog.getByLabel('URL').fill('https://shop.example.com');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    const shop = rows.filter({ hasText: 'Shop' });
    await expect(shop).toContainText('shop.example.com');
    await expect(shop).toContainText('1 click');

    // Delete, undo, delete for good.
    await card.getByRole('button', { name: 'Delete Listen' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete “Listen”?' });
    await expect(confirm).toContainText('Are you sure you want to delete this link?');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(rows).toHaveCount(2);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(rows).toHaveCount(3);
    await expect(card.getByText('Listen')).toBeVisible();

    await card.getByRole('button', { name: 'Delete Listen' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(rows).toHaveCount(2);
    const deleted = page.waitForResponse((response) => response.request().method() === 'DELETE', { timeout: 15_000 });
    expect((await deleted).status()).toBe(200);
    await page.reload();
    await expect(rows).toHaveCount(2);
    await expect(card.getByText('Listen')).toHaveCount(0);
    await context.close();
  });

  test('keeps a delete made just before the page is left (sent with keepalive)', async ({ browser }) => {
    const creator = newCreator('bl');
    const context = await browser.newContext({ baseURL: BASE_URL });
    const page = await context.newPage();
    await registerWith(page.request, creator);
    await post(page.request, { title: 'Going', url: 'https://example.com/going' });
    await page.goto('/dashboard');
    const card = page.getByRole('region', { name: 'Your Links' });
    await card.getByRole('button', { name: 'Delete Going' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await expect(card.getByTestId('link-row')).toHaveCount(0);

    await page.goto('/');
    await expect
      .poll(async () => ((await (await page.request.get('/api/links')).json()) as unknown[]).length, { timeout: 10_000 })
      .toBe(0);
    await context.close();
  });

  test('a block with a long title truncates in the dashboard instead of widening it at 320 px', async ({ page }) => {
    const creator = newCreator('bl');
    await registerWith(page.request, creator);
    const long = 'Everything I use for my studio, from the camera to the coffee grinder';
    await post(page.request, { title: long, url: 'https://shop.example.com/a-very-long-address-of-a-studio-shop-page' });
    await post(page.request, { kind: 'header', title: long });
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/dashboard');
    await expect(page.getByRole('region', { name: 'Your Links' }).getByTestId('link-row')).toHaveCount(2);
    // The look preview draws the page's blocks too: it must not widen its row either.
    await expect(page.getByTestId('look-preview')).toContainText(long);
    await expectNoSidewaysScroll(page);
  });

  test('the add, edit and delete dialogs at 320, 390 and 1280 px: accessible, no sideways scroll', async ({ page }) => {
    // Nine axe-core runs: more than the default minute on a busy machine.
    test.setTimeout(180_000);
    const creator = newCreator('bs');
    await registerWith(page.request, creator);
    await post(page.request, { kind: 'embed', title: 'Trailer', url: VIDEO });
    await post(page.request, { kind: 'header', title: 'Listen' });
    for (const size of SIZES) {
      await test.step(`at ${size.width} px`, async () => {
        await page.setViewportSize(size);
        await page.goto('/dashboard');
        const card = page.getByRole('region', { name: 'Your Links' });
        await expect(card.getByTestId('link-row')).toHaveCount(2);
        await expectNoSidewaysScroll(page);

        await card.getByRole('button', { name: 'Add Link' }).click();
        const add = page.getByRole('dialog', { name: 'Add New Link' });
        await add.getByText('Embed', { exact: true }).click();
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);
        await add.getByRole('button', { name: 'Cancel' }).click();

        await card.getByRole('button', { name: 'Edit Trailer' }).click();
        const edit = page.getByRole('dialog', { name: 'Edit Embed' });
        await expect(edit.getByLabel('YouTube, Vimeo, Spotify or SoundCloud URL')).toHaveValue(VIDEO);
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);
        await edit.getByRole('button', { name: 'Cancel' }).click();

        await card.getByRole('button', { name: 'Delete Listen' }).click();
        await expect(page.getByRole('alertdialog')).toBeVisible();
        await expectNoSidewaysScroll(page);
        await expectAccessible(page);
        await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      });
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('region', { name: 'Your Links' }).getByRole('button', { name: 'Add Link' }).click();
    await screenshots(page, 'page-blocks-add-dialog');
  });
});
