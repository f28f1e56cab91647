import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LandingPage } from '@/app/routes/landing-page';
import { renderRoutes, signedOut, stubApi, stubRoute } from '@/test/render';
import { ClaimBox } from './claim-box';

afterEach(() => vi.unstubAllGlobals());

const renderClaimBox = () =>
  renderRoutes([{ path: '/', element: <ClaimBox submitLabel="Claim Your Link" /> }, stubRoute('/auth')]);

const where = (router: ReturnType<typeof renderClaimBox>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('ClaimBox', () => {
  it('shows the site address before the box', () => {
    renderClaimBox();
    expect(screen.getByText(`${window.location.host}/`)).toBeInTheDocument();
  });

  it('lowercases and drops anything but a-z, 0-9 and hyphen as the visitor types', async () => {
    const { user } = renderClaimBox();
    const box = screen.getByLabelText('Choose your username');
    await user.type(box, 'My Name!_x');
    expect(box).toHaveValue('mynamex');
    await user.clear(box);
    await user.type(box, 'Jane-Doe 42');
    expect(box).toHaveValue('jane-doe42');
  });

  it('goes to /auth without a username when the box is empty', async () => {
    const { user, router } = renderClaimBox();
    await user.click(screen.getByRole('button', { name: 'Claim Your Link' }));
    expect(where(router)).toBe('/auth');
  });

  it('goes to /auth without a username when only removed characters were typed', async () => {
    const { user, router } = renderClaimBox();
    await user.type(screen.getByLabelText('Choose your username'), '   !!  ');
    await user.click(screen.getByRole('button', { name: 'Claim Your Link' }));
    expect(where(router)).toBe('/auth');
  });

  it('goes to /auth?username={value} with the cleaned username', async () => {
    const { user, router } = renderClaimBox();
    await user.type(screen.getByLabelText('Choose your username'), 'My Name!_x');
    await user.click(screen.getByRole('button', { name: 'Claim Your Link' }));
    expect(where(router)).toBe('/auth?username=mynamex');
  });

  it('submits with Enter too', async () => {
    const { user, router } = renderClaimBox();
    await user.type(screen.getByLabelText('Choose your username'), 'alex{Enter}');
    expect(where(router)).toBe('/auth?username=alex');
  });
});

describe('LandingPage', () => {
  const renderLanding = () => {
    stubApi(signedOut);
    return renderRoutes([{ path: '/', element: <LandingPage /> }, stubRoute('/auth')]);
  };

  it('has one h1, the four features, the three templates and the footer', () => {
    renderLanding();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const name of [
      'Drag-and-Drop Links',
      'Analytics',
      'Custom Themes',
      'Booking System',
      'Minimal',
      'Vibrant',
      'Dark Mode',
    ]) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    const footer = screen.getByRole('contentinfo');
    for (const [name, href] of [
      ['Features', '/#features'],
      ['Templates', '/#templates'],
      ['Start a Free Page', '/auth?tab=signup'],
      ['Premium', '/subscribe'],
      ['Reset Your Password', '/forgot-password'],
      ['API Docs', '/api/docs'],
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
    ]) {
      expect(within(footer).getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Linkbio. All rights reserved.`);
    expect(within(footer).getByText('Free forever. No credit card required.')).toBeInTheDocument();
  });

  it("sends the closing call to action's username to sign-up with 'Create Your Page'", async () => {
    const { user, router } = renderLanding();
    const [, secondBox] = screen.getAllByLabelText('Choose your username');
    await user.type(secondBox, 'Creator_One');
    await user.click(screen.getByRole('button', { name: 'Create Your Page' }));
    expect(where(router)).toBe('/auth?username=creatorone');
  });
});
