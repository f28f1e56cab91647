import { createBrowserRouter } from 'react-router-dom';
import { AuthPage } from './routes/auth-page';
import { LandingPage } from './routes/landing-page';
import { NotFoundPage } from './routes/not-found-page';

/**
 * The creators' screens (spec §2). The signed-in screens load on demand, so the landing and sign-in pages
 * stay light. Public pages (/{username}, /book/{username}) are served by the public app.
 */
export const createRouter = () =>
  createBrowserRouter([
    { path: '/', element: <LandingPage /> },
    { path: '/auth', element: <AuthPage /> },
    { path: '/dashboard', lazy: async () => ({ Component: (await import('./routes/dashboard-page')).DashboardPage }) },
    { path: '/subscribe', lazy: async () => ({ Component: (await import('./routes/subscribe-page')).SubscribePage }) },
    { path: '*', element: <NotFoundPage /> },
  ]);
