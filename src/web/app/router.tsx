import { createBrowserRouter, Navigate } from 'react-router';
import type { Permission } from '../../core/access/permissions';
import { RequirePermission } from '../features/access/gates';
import { LandingPage } from '../landing/LandingPage';
import { PrivateRoute } from '../shell/PrivateRoute';
import { NotFound, RouteError } from './RouteError';

// The private area is split from the public pages so the landing page stays small.
const privatePages = () => import('../placeholders/pages');
const page =
  (pick: (module: Awaited<ReturnType<typeof privatePages>>) => React.ComponentType) => async () => ({
    Component: pick(await privatePages()),
  });

/** Routes shown only to a user holding `permission` (the same check as their API routes). */
const gated = <T,>(permission: Permission, children: T[]) => ({
  element: <RequirePermission permission={permission} />,
  children,
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
  gated('calculations.view', [
    {
      path: 'calculations',
      lazy: async () => ({
        Component: (await import('../features/settings/CalculationsTab')).CalculationsTab,
      }),
    },
  ]),
  gated('marketplace.view', [
    {
      path: 'marketplace',
      lazy: async () => ({
        Component: (await import('../features/marketplace/MarketplaceTab')).MarketplaceTab,
      }),
    },
  ]),
  { path: 'referrals', lazy: page((m) => m.ReferralsPage) },
  gated('access-schema.edit', [{ path: 'testingTree', lazy: page((m) => m.TestingTreePage) }]),
  gated('restock.import.view', [
    { path: 'temp-csv-import', lazy: page((m) => m.TempCsvImportPage) },
    {
      path: 'imports',
      lazy: async () => ({
        Component: (await import('../features/csv-import/ImportHistoryPage')).ImportHistoryPage,
      }),
    },
  ]),
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
    // Shown while the first page's lazy code loads on a hard load; without it React Router warns
    // on every such load that no HydrateFallback was provided.
    hydrateFallbackElement: <p className="visually-hidden">Loading...</p>,
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
              gated('restock.view', [
                {
                  path: '/restock',
                  lazy: async () => ({
                    Component: (await import('../features/restock/RestockPage')).RestockPage,
                  }),
                },
              ]),
              gated('buy-list.view', [{ path: '/buy-list', lazy: page((m) => m.BuyListPage) }]),
              { path: '/repository', lazy: page((m) => m.RepositoryPage) },
              { path: '/lead-tracker', lazy: page((m) => m.LeadTrackerPage) },
              gated('column-picker.view', [{ path: '/test', lazy: page((m) => m.TestPage) }]),
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
