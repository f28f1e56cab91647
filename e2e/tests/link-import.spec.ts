import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoSidewaysScroll, newCreator, registerWith } from '../support/product';

/*
 * Importing links through the dashboard's dialog: a CSV file, then a browser's bookmarks file (the preview of
 * each, with the free plan's room, and the links list after the import), and the dialog at 320, 390 and
 * 1280 px, accessible and never wider than the window. The Linktree source is covered over HTTP by
 * backend/test/link-import.integration-spec.ts (a local server in linktr.ee's place).
 */

const SIZES = [
  { width: 320, height: 640 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const CSV = [
  '\uFEFFtitle,url,notes',
  '"My shop, new",https://shop.example.com,first',
  'Danger,javascript:alert(document.cookie),',
  ',https://blog.example.com/posts,',
  'Shop again,https://shop.example.com/,',
].join('\r\n');

const BOOKMARKS = `<!DOCTYPE NETSCAPE-Bookmark-file-1>
<META HTTP-EQUIV="Content-Type" CONTENT="text/html; charset=UTF-8">
<TITLE>Bookmarks</TITLE>
<H1>Bookmarks</H1>
<DL><p>
    <DT><H3>Bookmarks bar</H3>
    <DL><p>
        <DT><A HREF="https://music.example.com/artist">My music</A>
        <DT><H3>Deeper</H3>
        <DL><p>
            <DT><A HREF="https://video.example.com/channel">My <b>videos</b></A>
            <DT><A HREF="https://extra.example.com/">One too many</A>
        </DL><p>
        <DT><A HREF="file:///etc/passwd">Local file</A>
    </DL><p>
</DL><p>
`;

const linksList = (page: Page) => page.getByRole('region', { name: 'Your Links' });

async function openImport(page: Page) {
  await linksList(page).getByRole('button', { name: 'Import' }).click();
  return page.getByRole('dialog', { name: 'Import links' });
}


test('a creator imports links from a CSV file, then from a bookmarks file, on the free plan', async ({ page }) => {
  const creator = newCreator('import');
  await registerWith(page.request, creator);
  await page.goto('/dashboard');
  await expect(linksList(page).getByText('No links yet')).toBeVisible();

  // The CSV file: two links to add, a javascript: one and a repeated address skipped with why.
  let dialog = await openImport(page);
  await dialog.getByRole('tab', { name: 'CSV file' }).click();
  await dialog.getByLabel('CSV file to import').setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const found = dialog.getByRole('list', { name: 'Links found' });
  await expect(found.getByRole('listitem')).toHaveCount(4);
  await expect(found.getByRole('listitem').nth(1)).toContainText('Skipped: Only web addresses (http or https) can be added, not javascript: ones');
  await expect(found.getByRole('listitem').nth(3)).toContainText('Skipped: The same address as link 1');
  await expect(dialog.getByTestId('import-plan')).toContainText('The free plan holds 5 links. You have 0, so 5 more links fit.');
  await dialog.getByRole('button', { name: 'Import 2 links' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('.toast').filter({ hasText: '2 links were added after your links.' })).toBeVisible();
  await expect(linksList(page).getByText('My shop, new')).toBeVisible();
  await expect(linksList(page).getByText('blog.example.com', { exact: true }).first()).toBeVisible();

  // The bookmarks file: nested folders flattened; only 3 more fit, so the last is over the limit.
  dialog = await openImport(page);
  await dialog.getByRole('tab', { name: 'Bookmarks' }).click();
  await dialog.getByLabel('Bookmarks file to import').setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: Buffer.from(BOOKMARKS) });
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByTestId('import-plan')).toContainText('You have 2, so 3 more links fit.');
  await expect(found.getByRole('listitem')).toHaveCount(4);
  await expect(found.getByRole('checkbox', { name: 'My videos' })).toBeChecked();
  await expect(found.getByRole('listitem').nth(3)).toContainText('Skipped: Only web addresses (http or https) can be added, not file: ones');
  await dialog.getByRole('button', { name: 'Import 3 links' }).click();
  await expect(dialog).toBeHidden();
  await expect(linksList(page).getByText('5 of 5')).toBeVisible();
  const titles = await page.request.get('/api/links').then(async (response) => ((await response.json()) as Array<{ title: string }>).map((link) => link.title));
  expect(titles).toEqual(['My shop, new', 'blog.example.com', 'My music', 'My videos', 'One too many']);
});

test('the import dialog and its preview at 320, 390 and 1280 px', async ({ page }) => {
  const creator = newCreator('import-sizes');
  await registerWith(page.request, creator);
  for (const size of SIZES) {
    await test.step(`at ${size.width} px`, async () => {
      await page.setViewportSize(size);
      await page.goto('/dashboard');
      const dialog = await openImport(page);
      await expect(dialog.getByLabel('Linktree address')).toBeVisible();
      await expectNoSidewaysScroll(page, `the import dialog at ${size.width} px`);
      await expectAccessible(page);

      await dialog.getByRole('tab', { name: 'Bookmarks' }).click();
      await dialog.getByLabel('Bookmarks file to import').setInputFiles({ name: 'bookmarks.html', mimeType: 'text/html', buffer: Buffer.from(BOOKMARKS) });
      await dialog.getByRole('button', { name: 'Preview' }).click();
      await expect(dialog.getByRole('list', { name: 'Links found' })).toBeVisible();
      await expectNoSidewaysScroll(page, `the import preview at ${size.width} px`);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Close' }).click();
      await expect(dialog).toBeHidden();
    });
  }
});
