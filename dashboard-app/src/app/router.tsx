import { createBrowserRouter } from 'react-router-dom';
import { AuthPage } from './routes/auth-page';
import { LandingPage } from './routes/landing-page';
import { NotFoundPage } from './routes/not-found-page';

/**
 * What a screen loaded on demand shows while its code arrives, when it is the first screen opened: React
 * Router renders a route's HydrateFallback then (and warns 'No `HydrateFallback` element provided' without one).
 */
function ScreenLoading() {
  return (
    <div className="min-h-dvh bg-background" aria-busy="true">
      <span className="sr-only">Loading…</span>
    </div>
  );
}

/**
 * The creators' screens (spec §2), with the account page and the forgotten-password screens. All but the
 * landing and sign-in pages load on demand, so those two stay light. Public pages (/{username},
 * /book/{username}) are served by the public app.
 */
export const createRouter = () =>
  createBrowserRouter([
    { path: '/', element: <LandingPage /> },
    { path: '/auth', element: <AuthPage /> },
    {
      path: '/dashboard',
      HydrateFallback: ScreenLoading,
      lazy: async () => ({ Component: (await import('./routes/dashboard-page')).DashboardPage }),
    },
    {
      path: '/dashboard/account',
      HydrateFallback: ScreenLoading,
      lazy: async () => ({ Component: (await import('./routes/account-page')).AccountPage }),
    },
    {
      path: '/dashboard/earnings',
      HydrateFallback: ScreenLoading,
      lazy: async () => ({ Component: (await import('./routes/earnings-page')).EarningsPage }),
    },
    {
      path: '/forgot-password',
      HydrateFallback: ScreenLoading,
      lazy: async () => ({ Component: (await import('./routes/forgot-password-page')).ForgotPasswordPage }),
    },
    {
      path: '/reset-password',
      HydrateFallback: ScreenLoading,
      lazy: async () => ({ Component: (await import('./routes/reset-password-page')).ResetPasswordPage }),
    },
    {
      path: '/verify-email',
      HydrateFallback: ScreenLoading,
      lazy: async () => ({ Component: (await import('./routes/verify-email-page')).VerifyEmailPage }),
    },
    {
      path: '/booking/:token',
      HydrateFallback: ScreenLoading,
      lazy: async () => ({ Component: (await import('./routes/booking-manage-page')).BookingManagePage }),
    },
    {
      path: '/subscribe',
      HydrateFallback: ScreenLoading,
      lazy: async () => ({ Component: (await import('./routes/subscribe-page')).SubscribePage }),
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
