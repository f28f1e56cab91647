import { expect, test } from '@playwright/test';
import { newCreator, signUp } from '../support/product';
import { png, uploadInDialog } from '../support/uploads';

test.describe('avatar and background uploads', () => {
  test('uploads a profile picture and a background image and shows both on the bio page', async ({ page }) => {
    const creator = newCreator('upl');
    await signUp(page, creator);

    await page.getByRole('button', { name: 'Upload picture' }).click();
    await expect(page.getByRole('dialog')).toContainText('JPG, PNG up to 2MB. Square images work best.');
    await uploadInDialog(page, 'avatar.png', png(64, 64, [37, 99, 235]));
    await expect(page.getByText('Profile picture updated').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Change picture' })).toBeVisible();

    await page.getByRole('tab', { name: 'Custom Image' }).click();
    await page.getByRole('button', { name: 'Upload image' }).click();
    await expect(page.getByRole('dialog')).toContainText('JPG, PNG up to 5MB');
    await uploadInDialog(page, 'background.png', png(120, 160, [22, 163, 74]));
    await expect(page.getByText('Background image updated').first()).toBeVisible();
    await expect(page.getByRole('dialog')).toBeHidden();

    const me = (await (await page.request.get('/api/auth/me')).json()) as { avatar: string; backgroundImage: string };
    expect(me.avatar).toMatch(/^\/objects\/users\/[0-9a-f-]+\/[0-9a-f-]+\.png$/);
    expect(me.backgroundImage).toMatch(/^\/objects\/users\/[0-9a-f-]+\/[0-9a-f-]+\.png$/);

    await page.goto(`/${creator.username}`);
    const avatar = page.locator('img.avatar');
    await expect(avatar).toHaveAttribute('src', new RegExp(`${me.avatar.replace(/[.]/g, '\\.')}$`));
    await expect(page.locator('img.bg-img')).toHaveAttribute('src', new RegExp(`${me.backgroundImage.replace(/[.]/g, '\\.')}$`));
    // Both images really load in the browser.
    await expect
      .poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(64);
    await expect
      .poll(() => page.locator('img.bg-img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBe(120);
  });
});
