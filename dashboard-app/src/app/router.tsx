import { createBrowserRouter } from 'react-router-dom';
import { AuthPage } from './routes/auth-page';
import { DashboardPage } from './routes/dashboard-page';
import { LandingPage } from './routes/landing-page';
import { NotFoundPage } from './routes/not-found-page';
import { SubscribePage } from './routes/subscribe-page';

/** The creators' screens (spec §2). Public pages (/{username}, /book/{username}) are served by the public app. */
export const createRouter = () =>
  createBrowserRouter([
    { path: '/', element: <LandingPage /> },
    { path: '/auth', element: <AuthPage /> },
    { path: '/dashboard', element: <DashboardPage /> },
    { path: '/subscribe', element: <SubscribePage /> },
    { path: '*', element: <NotFoundPage /> },
  ]);
