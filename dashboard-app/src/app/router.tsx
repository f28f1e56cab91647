import { createBrowserRouter } from 'react-router-dom';
import { AuthPage } from './routes/auth-page';
import { LandingPage } from './routes/landing-page';
import { NotFoundPage } from './routes/not-found-page';

/**
 * The creators' screens (spec §2), with the account page and the forgotten-password screens. All but the
 * landing and sign-in pages load on demand, so those two stay light. Public pages (/{username},
 * /book/{username}) are served by the public app.
 */
export const createRouter = () =>
  createBrowserRouter([
    { path: '/', element: <LandingPage /> },
    { path: '/auth', element: <AuthPage /> },
    { path: '/dashboard', lazy: async () => ({ Component: (await import('./routes/dashboard-page')).DashboardPage }) },
    {
      path: '/dashboard/account',
      lazy: async () => ({ Component: (await import('./routes/account-page')).AccountPage }),
    },
    { path: '/dashboard/earnings', lazy: async () => ({ Component: (await import('./routes/earnings-page')).EarningsPage }) },
    {
      path: '/forgot-password',
      lazy: async () => ({ Component: (await import('./routes/forgot-password-page')).ForgotPasswordPage }),
    },
    {
      path: '/reset-password',
      lazy: async () => ({ Component: (await import('./routes/reset-password-page')).ResetPasswordPage }),
    },
    {
      path: '/verify-email',
      lazy: async () => ({ Component: (await import('./routes/verify-email-page')).VerifyEmailPage }),
    },
    {
      path: '/booking/:token',
      lazy: async () => ({ Component: (await import('./routes/booking-manage-page')).BookingManagePage }),
    },
    { path: '/subscribe', lazy: async () => ({ Component: (await import('./routes/subscribe-page')).SubscribePage }) },
    { path: '*', element: <NotFoundPage /> },
  ]);
