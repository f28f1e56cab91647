import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, newCreator, registerWith } from '../support/product';

/*
 * Social icons and the search and share preview (issue 26) in Chromium: the row of icons on the rendered page at
 * the top and at the bottom, named by platform, 44 px targets, readable on every theme, no sideways scroll;
 * the page's meta tags; the dashboard's two cards at 320, 390 and 1280 px.
 */

const SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const DOZEN = [
  ['instagram', 'Instagram', '@maya'],
  ['tiktok', 'TikTok', '@maya'],
  ['youtube', 'YouTube', '@maya'],
  ['x', 'X', '@maya'],
  ['threads', 'Threads', '@maya'],
  ['linkedin', 'LinkedIn', 'https://linkedin.com/in/maya'],
  ['github', 'GitHub', '@maya'],
  ['mastodon', 'Mastodon', 'https://mastodon.social/@maya'],
  ['bluesky', 'Bluesky', 'https://bsky.app/profile/maya.bsky.social'],
  ['discord', 'Discord', 'https://discord.gg/maya'],
  ['email', 'E-mail', 'maya@example.com'],
  ['website', 'Website', 'https://maya.example.com'],
] as const;


const put = async (page: Page, path: string, data: object) => {
  const response = await page.request.put(path, { data });
  expect(response.status(), await response.text()).toBe(200);
};

test('the icons show under the bio or above the footer, named, on every theme, and the meta tags follow the settings', async ({
  page,
}) => {
  const creator = newCreator('socials');
  await registerWith(page.request, creator);
  await page.request.post('/api/links', { data: { title: 'Portfolio', url: 'https://maya.example.com', order: 0 } });
  await put(page, '/api/users/socials', { socials: DOZEN.map(([platform, , url]) => ({ platform, url })) });
  await put(page, '/api/users/seo', { title: 'Maya designs posters', description: 'Posters, type and the odd zine.' });

  await page.goto(`/${creator.username}`);
  const row = page.getByRole('navigation', { name: 'Social profiles' });
  const links = page.getByRole('navigation', { name: 'Links' });
  for (const [, name] of DOZEN) await expect(row.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(row.getByRole('link', { name: 'Instagram' })).toHaveAttribute('href', 'https://instagram.com/maya');
  await expect(row.getByRole('link', { name: 'Instagram' })).toHaveAttribute('rel', 'noopener me');
  await expect(row.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', 'mailto:maya@example.com');
  expect((await row.boundingBox())!.y).toBeLessThan((await links.boundingBox())!.y);

  // The meta tags.
  await expect(page).toHaveTitle('Maya designs posters');
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', 'Posters, type and the odd zine.');
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', 'Maya designs posters');
  await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', 'Posters, type and the odd zine.');
  await expect(page.locator('meta[name="twitter:title"]')).toHaveAttribute('content', 'Maya designs posters');

  for (const size of SIZES) {
    await test.step(`at ${size.width} px`, async () => {
      await page.setViewportSize(size);
      await page.goto(`/${creator.username}`);
      for (const icon of await row.getByRole('link').all()) {
        const box = (await icon.boundingBox())!;
        expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(44);
      }
      await expectNoSidewaysScroll(page, `the page at ${size.width} px`, { soft: true });
      await expectAccessible(page);
    });
  }

  for (const theme of ['dark', 'vibrant', 'default'] as const) {
    await test.step(`readable on the ${theme} theme`, async () => {
      await put(page, '/api/users/template', { theme });
      await page.goto(`/${creator.username}`);
      await expectAccessible(page);
    });
  }
  await put(page, '/api/users/template', { theme: 'default', backgroundColor: '#fdf2f8' });

  // At the bottom: after the links, before the footer.
  await put(page, '/api/users/socials', { socials: [{ platform: 'github', url: '@maya' }], position: 'bottom' });
  await page.goto(`/${creator.username}`);
  await expect(row.getByRole('link')).toHaveCount(1);
  await expect(row.getByRole('link', { name: 'GitHub' })).toHaveAttribute('href', 'https://github.com/maya');
  const footer = page.locator('footer.foot');
  expect((await row.boundingBox())!.y).toBeGreaterThan((await links.boundingBox())!.y);
  expect((await row.boundingBox())!.y).toBeLessThan((await footer.boundingBox())!.y);
  await expectAccessible(page);

  // Back to the defaults.
  await put(page, '/api/users/seo', { title: null, description: null });
  await page.goto(`/${creator.username}`);
  await expect(page).toHaveTitle(`${creator.displayName} | Linkbio`);
});

test('the Social icons and Search & sharing cards work at 320, 390 and 1280 px', async ({ page }) => {
  const creator = newCreator('socials-ui');
  await registerWith(page.request, creator);

  await page.setViewportSize(SIZES[1]);
  await page.goto('/dashboard');
  const socials = page.getByRole('region', { name: 'Social icons' });
  await expect(socials.getByText('No social icons yet. Add your first profile below.')).toBeVisible();

  // A wrong address: the shared rule's message, nothing sent.
  await socials.getByLabel('Platform').selectOption('instagram');
  await socials.getByLabel('Address or handle').fill('https://tiktok.com/@maya');
  await socials.getByRole('button', { name: 'Add icon' }).click();
  await expect(socials.getByText("That isn't an Instagram address")).toBeVisible();

  await socials.getByLabel('Address or handle').fill('@maya');
  await socials.getByRole('button', { name: 'Add icon' }).click();
  await expect(socials.getByRole('list', { name: 'Your social icons' }).getByText('https://instagram.com/maya')).toBeVisible();
  await socials.getByLabel('Platform').selectOption('email');
  await socials.getByLabel('E-mail address').fill('maya@example.com');
  await socials.getByRole('button', { name: 'Add icon' }).click();
  await expect(socials.getByRole('list', { name: 'Your social icons' }).getByText('maya@example.com')).toBeVisible();
  await socials.getByRole('radio', { name: 'At the bottom of the page' }).click();
  await expect(socials.getByRole('radio', { name: 'At the bottom of the page' })).toBeChecked();

  const seo = page.getByRole('region', { name: 'Search & sharing' });
  await seo.getByLabel('Title').fill('Maya designs');
  await expect(seo.getByTestId('search-preview').getByText('Maya designs')).toBeVisible();
  await seo.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('.toast').filter({ hasText: 'Search & sharing saved' })).toBeVisible();

  for (const size of SIZES) {
    await test.step(`the cards at ${size.width} px`, async () => {
      await page.setViewportSize(size);
      await page.goto('/dashboard');
      await socials.scrollIntoViewIfNeeded();
      await expect(socials.getByText('Instagram', { exact: true })).toBeVisible();
      await expect(seo.getByLabel('Title')).toHaveValue('Maya designs');
      await expectNoSidewaysScroll(page, `the dashboard at ${size.width} px`, { soft: true });
      await expectAccessible(page);
    });
  }

  await page.goto(`/${creator.username}`);
  const row = page.getByRole('navigation', { name: 'Social profiles' });
  await expect(row.getByRole('link', { name: 'Instagram' })).toBeVisible();
  await expect(row.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', 'mailto:maya@example.com');
  await expect(page).toHaveTitle('Maya designs');
});
