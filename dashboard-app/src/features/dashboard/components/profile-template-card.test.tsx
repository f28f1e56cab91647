import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { PRESET_BACKGROUND_COLORS, type UserView } from '@linkbio/shared-contracts';
import { aUser, never, renderDashboard, stubApi } from '@/test/render-dashboard';
import type { ImageUploadDialogProps } from './image-upload-dialog';
import { ProfileTemplateCard } from './profile-template-card';

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

function Harness({ initial }: { initial: UserView }) {
  const [user, setUser] = useState(initial);
  return <ProfileTemplateCard user={user} onUserChange={setUser} />;
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

  it('lets Premium creators apply any color, and shows free creators the way to Premium', async () => {
    stubApi({});
    const { unmount } = renderDashboard(<Harness initial={aUser({ isPremium: true })} />);
    expect(screen.getByLabelText('Custom color')).toHaveAttribute('type', 'color');
    unmount();

    renderDashboard(<Harness initial={aUser({ isPremium: false })} />);
    expect(screen.queryByLabelText('Custom color')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade to Premium' })).toHaveAttribute('href', '/subscribe');
  });
});
