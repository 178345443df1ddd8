import { createBrowserRouter, Navigate } from 'react-router';
import { LandingPage } from '../landing/LandingPage';
import { PrivateRoute } from '../shell/PrivateRoute';
import { NotFound, RouteError } from './RouteError';

// The private area is split from the public pages so the landing page stays small.
const privatePages = () => import('../placeholders/pages');
const page =
  (pick: (module: Awaited<ReturnType<typeof privatePages>>) => React.ComponentType) => async () => ({
    Component: pick(await privatePages()),
  });

const settingsRoutes = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('../features/settings/PreferencesTab')).PreferencesTab }),
  },
  {
    path: 'account',
    lazy: async () => ({ Component: (await import('../features/account/AccountTab')).AccountTab }),
  },
  { path: 'account_users', lazy: page((m) => m.AccountUsersPage) },
  { path: 'subscriptions', lazy: page((m) => m.SubscriptionsPage) },
  {
    path: 'calculations',
    lazy: async () => ({ Component: (await import('../features/settings/CalculationsTab')).CalculationsTab }),
  },
  { path: 'referrals', lazy: page((m) => m.ReferralsPage) },
  { path: 'testingTree', lazy: page((m) => m.TestingTreePage) },
  { path: 'temp-csv-import', lazy: page((m) => m.TempCsvImportPage) },
  {
    path: 'early-access',
    lazy: async () => ({
      Component: (await import('../features/early-access/EarlyAccessAdminPage')).EarlyAccessAdminPage,
    }),
  },
];

export const router = createBrowserRouter([
  {
    errorElement: <RouteError />,
    children: [
      { path: '/', element: <LandingPage variant="1" /> },
      { path: '/3', element: <LandingPage variant="3" /> },
      { path: '/4', element: <LandingPage variant="4" /> },
      { path: '/7', element: <LandingPage variant="7" /> },
      {
        path: '/signup',
        lazy: async () => ({ Component: (await import('../features/auth/SignupPage')).SignupPage }),
      },
      {
        path: '/login',
        lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
      },
      {
        path: '/forgot-password',
        lazy: async () => ({
          Component: (await import('../features/auth/ForgotPasswordPage')).ForgotPasswordPage,
        }),
      },
      {
        element: <PrivateRoute />,
        children: [
          {
            path: '/change-password',
            lazy: async () => ({
              Component: (await import('../features/auth/ChangePasswordPage')).ChangePasswordPage,
            }),
          },
          {
            lazy: async () => ({ Component: (await import('../shell/PrivateLayout')).PrivateLayout }),
            children: [
              {
                path: '/dashboard',
                lazy: async () => ({ Component: (await import('../dashboard/DashboardPage')).DashboardPage }),
              },
              {
                path: '/restock',
                lazy: async () => ({
                  Component: (await import('../features/restock/RestockPage')).RestockPage,
                }),
              },
              { path: '/buy-list', lazy: page((m) => m.BuyListPage) },
              { path: '/repository', lazy: page((m) => m.RepositoryPage) },
              { path: '/lead-tracker', lazy: page((m) => m.LeadTrackerPage) },
              { path: '/test', lazy: page((m) => m.TestPage) },
              { path: '/contact-us', lazy: page((m) => m.ContactUsPage) },
              { path: '/tutorials', lazy: page((m) => m.TutorialsPage) },
              {
                path: '/profile',
                lazy: async () => ({ Component: (await import('../profile/ProfilePage')).ProfilePage }),
              },
              { path: '/other', lazy: page((m) => m.OtherPage) },
              {
                path: '/settings',
                lazy: async () => ({
                  Component: (await import('../features/settings/SettingsLayout')).SettingsLayout,
                }),
                children: settingsRoutes,
              },
              { path: '/dashboard/*', element: <Navigate to="/dashboard" replace /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
