import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { PRESET_BACKGROUND_COLORS, type UserView } from '@linkbio/shared-contracts';
import { aUser, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import type { ImageUploadDialogProps } from './image-upload-dialog';
import type { PreviewLink } from './custom-look';
import { CUSTOM_COLOR_SAVE_DELAY_MS, ProfileTemplateCard } from './profile-template-card';

// Uppy itself is covered by image-upload-dialog.test.tsx; here the dialog hands back an uploaded address.
vi.mock('./lazy-image-upload-dialog', () => ({
  preloadImageUploadDialog: () => {},
  LazyImageUploadDialog: ({ open, title, note, onUploaded, onFailed, onOpenChange }: ImageUploadDialogProps) =>
    open ? (
      <div role="dialog" aria-label={title}>
        <p>{note}</p>
        <button
          type="button"
          onClick={() =>
            void onUploaded('https://files.example/u/bg.png').then(
              () => onOpenChange(false),
              () => onFailed(),
            )
          }
        >
          Finish upload
        </button>
      </div>
    ) : null,
}));

function Harness({ initial, links }: { initial: UserView; links?: PreviewLink[] }) {
  const [user, setUser] = useState(initial);
  return <ProfileTemplateCard user={user} onUserChange={setUser} links={links} />;
}

const swatch = (hex: string) => screen.getByRole('button', { name: hex });

describe('ProfileTemplateCard', () => {
  it('offers the three themes, solid color or custom image, and the eight presets', () => {
    stubApi({});
    renderDashboard(<Harness initial={aUser({ backgroundColor: '#f0f9ff' })} />);

    expect(screen.getByRole('radio', { name: 'Default' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Vibrant' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Dark' })).not.toBeChecked();
    expect(screen.getByRole('tab', { name: 'Solid Color' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Custom Image' })).toBeInTheDocument();
    const presets = within(screen.getByRole('group', { name: 'Preset colors' })).getAllByRole('button');
    expect(presets.map((button) => button.getAttribute('aria-label'))).toEqual([...PRESET_BACKGROUND_COLORS]);
    expect(swatch('#f0f9ff')).toHaveAttribute('aria-pressed', 'true');
    expect(swatch('#ffffff')).toHaveAttribute('aria-pressed', 'false');
  });

  it('saves a preset with the theme and backgroundImage null', async () => {
    const { calls } = stubApi({
      'PUT /api/users/template': ({ body }) => ({
        body: { user: aUser({ ...(body as Partial<UserView>) }) },
      }),
    });
    const { user } = renderDashboard(
      <Harness initial={aUser({ theme: 'default', backgroundImage: 'https://files.example/u/old.png' })} />,
    );

    await user.click(screen.getByRole('tab', { name: 'Solid Color' }));
    await user.click(swatch('#fdf2f8'));

    expect(await screen.findByText('Template updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/users/template',
      body: { theme: 'default', backgroundColor: '#fdf2f8', backgroundImage: null },
    });
    expect(swatch('#fdf2f8')).toHaveAttribute('aria-pressed', 'true');
  });

  it('disables the presets while saving', async () => {
    stubApi({ 'PUT /api/users/template': never });
    const { user } = renderDashboard(<Harness initial={aUser()} />);

    await user.click(swatch('#ffffff'));

    await waitFor(() => expect(swatch('#f8fafc')).toBeDisabled());
    expect(screen.getByRole('status')).toHaveTextContent('Saving...');
  });

  it('saves a theme on its own', async () => {
    const { calls } = stubApi({ 'PUT /api/users/template': { body: { user: aUser({ theme: 'dark' }) } } });
    const { user } = renderDashboard(<Harness initial={aUser()} />);

    await user.click(screen.getByRole('radio', { name: 'Dark' }));

    expect(await screen.findByText('Template updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ theme: 'dark' });
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked();
  });

  it('says so when the template cannot be saved', async () => {
    stubApi({ 'PUT /api/users/template': { status: 500, body: { message: 'nope' } } });
    const { user } = renderDashboard(<Harness initial={aUser()} />);

    await user.click(swatch('#ffffff'));

    expect(await screen.findByText('Failed to update template. Please try again.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('stores an uploaded image, which clears the color', async () => {
    const { calls } = stubApi({
      'PUT /api/background-images': ({ body }) => ({
        body: {
          user: aUser({
            backgroundColor: null,
            backgroundImage: (body as { backgroundImageURL: string }).backgroundImageURL,
          }),
        },
      }),
    });
    const { user } = renderDashboard(<Harness initial={aUser({ backgroundColor: '#fff7ed' })} />);

    await user.click(screen.getByRole('tab', { name: 'Custom Image' }));
    expect(screen.getByText('JPG, PNG up to 5MB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload a background image' });
    expect(within(dialog).getByText('JPG, PNG up to 5MB')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Finish upload' }));

    expect(await screen.findByText('Background image updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')).toEqual({
      method: 'PUT',
      path: '/api/background-images',
      body: { backgroundImageURL: 'https://files.example/u/bg.png' },
    });
    expect(screen.getByRole('img', { name: 'Current background image' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Solid Color' }));
    for (const preset of PRESET_BACKGROUND_COLORS) expect(swatch(preset)).toHaveAttribute('aria-pressed', 'false');
  });

  it('says so when the image cannot be stored', async () => {
    stubApi({ 'PUT /api/background-images': { status: 400, body: { message: 'nope' } } });
    const { user } = renderDashboard(<Harness initial={aUser()} />);

    await user.click(screen.getByRole('tab', { name: 'Custom Image' }));
    await user.click(screen.getByRole('button', { name: 'Upload image' }));
    await user.click(await screen.findByRole('button', { name: 'Finish upload' }));

    expect(await screen.findByText('Failed to update background image. Please try again.')).toBeInTheDocument();
  });

  it('saves a Premium creator’s typed or picked background color on its own once it rests, as presets save', async () => {
    const { calls } = stubApi({
      'PUT /api/users/template': ({ body }) => ({
        body: { user: aUser({ isPremium: true, ...(body as Partial<UserView>) }) },
      }),
    });
    const { user } = renderDashboard(<Harness initial={aUser({ isPremium: true, backgroundColor: '#ffffff' })} />);

    expect(screen.queryByRole('button', { name: 'Apply color' })).not.toBeInTheDocument();
    const picker = screen.getByLabelText('Custom color');
    expect(picker).toHaveAttribute('type', 'color');
    expect(picker).toBeEnabled();
    const hex = screen.getByRole('textbox', { name: 'Custom color hex' });
    await user.clear(hex);
    await user.type(hex, '#1E1B4B');
    expect(picker).toHaveValue('#1e1b4b');
    expect(screen.getByTestId('look-preview')).toHaveStyle({ backgroundColor: '#1e1b4b' });

    fireEvent.change(picker, { target: { value: '#123456' } });
    expect(hex).toHaveValue('#123456');
    expect(screen.getByTestId('look-preview')).toHaveStyle({ backgroundColor: '#123456' });

    expect(await screen.findByText('Template updated')).toBeInTheDocument();
    // One save for the colour the creator settled on, not one per keystroke or picker move.
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { theme: 'default', backgroundColor: '#123456', backgroundImage: null },
    ]);
    expect(hex).toBeEnabled();
  });

  it('keeps the custom color box editable while its color saves', async () => {
    stubApi({ 'PUT /api/users/template': never });
    const { user } = renderDashboard(<Harness initial={aUser({ isPremium: true, backgroundColor: '#ffffff' })} />);

    const hex = screen.getByRole('textbox', { name: 'Custom color hex' });
    await user.clear(hex);
    await user.type(hex, '#123456');
    expect(await screen.findByText('Saving...')).toBeInTheDocument();
    expect(hex).toBeEnabled();
    expect(hex).toHaveFocus();
    expect(swatch('#ffffff')).toBeDisabled();
  });

  it('does not save a background hex that is not #rrggbb', async () => {
    const { calls } = stubApi({});
    const { user } = renderDashboard(<Harness initial={aUser({ isPremium: true })} />);

    const hex = screen.getByRole('textbox', { name: 'Custom color hex' });
    await user.clear(hex);
    await user.type(hex, '#12345');

    expect(hex).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Enter a color like #2563eb')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, CUSTOM_COLOR_SAVE_DELAY_MS + 200));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });

  it('a preset picked meanwhile wins over a custom color still resting', async () => {
    const { calls } = stubApi({
      'PUT /api/users/template': ({ body }) => ({
        body: { user: aUser({ isPremium: true, ...(body as Partial<UserView>) }) },
      }),
    });
    const { user } = renderDashboard(<Harness initial={aUser({ isPremium: true, backgroundColor: '#ffffff' })} />);

    const hex = screen.getByRole('textbox', { name: 'Custom color hex' });
    await user.clear(hex);
    await user.type(hex, '#123456');
    await user.click(swatch('#fdf2f8'));
    expect(await screen.findByText('Template updated')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, CUSTOM_COLOR_SAVE_DELAY_MS + 200));
    expect(
      calls.filter((call) => call.method === 'PUT').map((call) => (call.body as UserView).backgroundColor),
    ).toEqual(['#fdf2f8']);
  });

  it('previews the creator’s own page: their picture (or initial) and the links the page shows', async () => {
    stubApi({});
    renderDashboard(
      <Harness
        initial={aUser({ displayName: 'Maya Chen' })}
        links={[
          { id: '1', title: 'Portfolio' },
          { id: '2', title: 'Newsletter' },
          { id: '3', title: 'Shop' },
          { id: '4', title: 'Podcast' },
        ]}
      />,
    );

    const preview = screen.getByTestId('look-preview');
    expect(await within(preview).findByText('M')).toBeInTheDocument();
    expect(
      within(preview)
        .getAllByTestId('preview-button')
        .map((button) => button.textContent),
    ).toEqual(['Portfolio', 'Newsletter', 'Shop']);
    expect(within(preview).getByText('+1 more')).toBeInTheDocument();
    expect(within(preview).queryByText(/My website|My Instagram/)).not.toBeInTheDocument();
  });

  it('draws a header as a section title, not a button, as the page does', async () => {
    stubApi({});
    renderDashboard(
      <Harness
        initial={aUser({ displayName: 'Maya Chen' })}
        links={[
          { id: '1', title: 'Music', kind: 'header' },
          { id: '2', title: 'Latest single', kind: 'embed' },
          { id: '3', title: 'Shop', kind: 'link' },
        ]}
      />,
    );

    const preview = screen.getByTestId('look-preview');
    expect(await within(preview).findByTestId('preview-header')).toHaveTextContent('Music');
    expect(within(preview).getAllByTestId('preview-button').map((button) => button.textContent)).toEqual([
      'Latest single',
      'Shop',
    ]);
  });

  it('says where the links will show while the page has none', () => {
    stubApi({});
    renderDashboard(<Harness initial={aUser()} links={[]} />);

    expect(within(screen.getByTestId('look-preview')).getByTestId('preview-button')).toHaveTextContent(
      'Your links show here',
    );
  });

  describe('buttons (Premium)', () => {
    const premium = (overrides: Partial<UserView> = {}) =>
      aUser({ isPremium: true, buttonColor: null, buttonTextColor: null, buttonShape: 'rounded', ...overrides });
    const previewButton = () => screen.getAllByTestId('preview-button')[0]!;
    const setHex = async (user: ReturnType<typeof renderDashboard>['user'], name: string, value: string) => {
      const box = screen.getByRole('textbox', { name: `${name} hex` });
      await user.clear(box);
      if (value) await user.type(box, value);
    };
    const save = () => screen.getByRole('button', { name: 'Save button style' });
    const contrastLine = () => screen.getByText(/contrast/i, { selector: '#button-contrast span' });

    it('starts from the theme’s own buttons, previewed, with their contrast', () => {
      stubApi({});
      renderDashboard(<Harness initial={premium()} />);

      expect(screen.getByLabelText('Button color')).toHaveValue('#ffffff');
      expect(screen.getByRole('textbox', { name: 'Button color hex' })).toHaveAttribute('placeholder', '#ffffff');
      expect(screen.getByLabelText('Button text color')).toHaveValue('#0f172a');
      expect(screen.getByRole('radio', { name: 'Rounded' })).toBeChecked();
      // The computed radius, as a browser (and jsdom 31) gives it: 0.75rem at the root's 16 px.
      expect(previewButton()).toHaveStyle({ backgroundColor: '#ffffff', color: '#0f172a', borderRadius: '12px' });
      expect(contrastLine()).toHaveTextContent('Text contrast 17.85:1: easy to read (4.5:1 or more).');
      expect(save()).toBeDisabled(); // nothing changed yet
    });

    it('previews colours and shape as they change, and saves them', async () => {
      const { calls } = stubApi({
        'PUT /api/users/template': ({ body }) => ({ body: { user: premium(body as Partial<UserView>) } }),
      });
      const { user } = renderDashboard(<Harness initial={premium()} />);

      await setHex(user, 'Button color', '#2563EB');
      fireEvent.change(screen.getByLabelText('Button text color'), { target: { value: '#ffffff' } });
      await user.click(screen.getByRole('radio', { name: 'Pill' }));

      expect(previewButton()).toHaveStyle({ backgroundColor: '#2563eb', color: '#ffffff', borderRadius: '9999px' });
      expect(contrastLine()).toHaveTextContent('Text contrast 5.17:1');
      await user.click(screen.getByRole('radio', { name: 'Square' }));
      expect(previewButton()).toHaveStyle({ borderRadius: '0' });
      await user.click(save());

      expect(await screen.findByText('Template updated')).toBeInTheDocument();
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        buttonColor: '#2563eb',
        buttonTextColor: '#ffffff',
        buttonShape: 'square',
      });
      await waitFor(() => expect(save()).toBeDisabled());
    });

    it.each([
      ['#ffffff', '#777777', '4.48'],
      ['#3b82f6', '#ffffff', '3.68'],
      ['#2563eb', '', '3.45'], // on the default theme's own #0f172a text
      ['', '#ffffff', '1'], // on the default theme's own #ffffff button
    ])('warns about %s / %s text below 4.5:1 (%s:1) and will not save it', async (button, text, ratio) => {
      const { calls } = stubApi({});
      const { user } = renderDashboard(<Harness initial={premium()} />);

      await setHex(user, 'Button color', button);
      await setHex(user, 'Button text color', text);

      const reason = `Button text needs more contrast with the button colour (${ratio}:1; at least 4.5:1).`;
      expect(contrastLine()).toHaveTextContent(reason);
      expect(save()).toBeDisabled();
      expect(save()).toHaveAccessibleDescription(reason);
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);
    });

    it('lets the creator fix a low contrast and save', async () => {
      stubApi({ 'PUT /api/users/template': ({ body }) => ({ body: { user: premium(body as Partial<UserView>) } }) });
      const { user } = renderDashboard(<Harness initial={premium()} />);

      await setHex(user, 'Button text color', '#777777');
      expect(save()).toBeDisabled();
      await setHex(user, 'Button text color', '#767676');

      expect(contrastLine()).toHaveTextContent('Text contrast 4.54:1');
      expect(save()).toBeEnabled();
    });

    it('will not save a hex that is not #rrggbb', async () => {
      stubApi({});
      const { user } = renderDashboard(<Harness initial={premium()} />);

      await setHex(user, 'Button color', 'blue');

      expect(screen.getByRole('textbox', { name: 'Button color hex' })).toHaveAttribute('aria-invalid', 'true');
      expect(save()).toBeDisabled();
      expect(save()).toHaveAccessibleDescription('Enter a color like #2563eb');
    });

    it('goes back to the theme’s colours', async () => {
      const { calls } = stubApi({
        'PUT /api/users/template': ({ body }) => ({ body: { user: premium(body as Partial<UserView>) } }),
      });
      const { user } = renderDashboard(
        <Harness initial={premium({ theme: 'dark', buttonColor: '#fde68a', buttonTextColor: '#1e1b4b' })} />,
      );
      expect(previewButton()).toHaveStyle({ backgroundColor: '#fde68a', color: '#1e1b4b' });

      await user.click(screen.getByRole('button', { name: 'Use theme colors' }));

      expect(previewButton()).toHaveStyle({ backgroundColor: '#1e293b', color: '#f8fafc' });
      await user.click(save());
      await screen.findByText('Template updated');
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
        buttonColor: null,
        buttonTextColor: null,
        buttonShape: 'rounded',
      });
    });

    it('shows the server’s reason when it refuses a change', async () => {
      const reason = 'Button text needs more contrast with the button colour (1:1; at least 4.5:1).';
      stubApi({ 'PUT /api/users/template': { status: 400, body: { statusCode: 400, message: reason } } });
      const { user } = renderDashboard(<Harness initial={premium({ theme: 'dark', buttonTextColor: '#ffffff' })} />);

      await user.click(screen.getByRole('radio', { name: 'Default' }));

      expect(await screen.findByText(reason, { selector: 'li *' })).toBeInTheDocument();
    });
  });

  describe('for free creators', () => {
    it('shows the custom look locked, with a lock, a sentence and the way to Premium', async () => {
      stubApi({});
      const { user, router } = renderDashboard(<Harness initial={aUser({ isPremium: false })} />);

      for (const label of ['Custom color', 'Button color', 'Button text color']) {
        expect(screen.getByLabelText(label)).toBeDisabled();
        expect(screen.getByRole('textbox', { name: `${label} hex` })).toBeDisabled();
      }
      for (const shape of ['Rounded', 'Pill', 'Square'])
        expect(screen.getByRole('radio', { name: shape })).toBeDisabled();
      expect(screen.queryByRole('button', { name: 'Save button style' })).not.toBeInTheDocument();
      expect(screen.getAllByRole('img', { name: 'Locked' })).toHaveLength(2);
      expect(screen.getByText(/Any background color beyond the presets is part of Premium\./)).toBeInTheDocument();
      expect(screen.getByText(/Button colors and shapes of your own are part of Premium\./)).toBeInTheDocument();
      const upgrades = screen.getAllByRole('link', { name: 'Upgrade to Premium' });
      expect(upgrades).toHaveLength(2);
      for (const link of upgrades) expect(link).toHaveAttribute('href', '/subscribe');

      await user.click(upgrades[1]!);
      expect(router.state.location.pathname).toBe('/subscribe');
    });

    it('previews what the page shows after Premium ends: the theme’s buttons, the saved look kept', () => {
      stubApi({});
      renderDashboard(
        <Harness
          initial={aUser({
            isPremium: false,
            backgroundColor: '#123456',
            buttonColor: '#2563eb',
            buttonTextColor: '#ffffff',
            buttonShape: 'pill',
          })}
        />,
      );

      expect(
        screen.getByText(/Your button colors and shape are kept and show again when you are back on Premium\./),
      ).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Button color hex' })).toHaveValue('#2563eb');
      expect(screen.getByRole('radio', { name: 'Pill' })).toBeChecked();
      expect(screen.getAllByTestId('preview-button')[0]).toHaveStyle({
        backgroundColor: '#ffffff',
        color: '#0f172a',
        borderRadius: '12px', // 0.75rem, computed
      });
      expect(screen.getByTestId('look-preview')).toHaveStyle({ backgroundColor: '#f8fafc' });
    });
  });
});
