import { createBrowserRouter, Navigate, type NonIndexRouteObject, type RouteObject } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import { paths } from '@/config/paths';
import { studentTerm } from '@/lib/branding';
import type { RouteHandle } from './route-handle';
import type { Access } from '@portal/shared/family-roles';
import { GuestOnly, MobileOnly, RequireAccess, RequireAuth, RequireBarcodes, RequireFeature } from './components/guards';
import { AppRoot, NOT_FOUND_ROUTE_ID } from './root';
import { LoadingSplash } from '@/features/company/components/loading-splash';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

/**
 * The portal's whole route tree. Each page is a route module in `./routes` (it composes the
 * features' components and api) and its own chunk, loaded when the route matches; only the root
 * above, the guards and the error pages are in the first download (decision 053).
 */

type Module = { default: React.ComponentType };
type Title = RouteHandle['title'];

function page(load: () => Promise<Module>) {
  return async () => ({ Component: (await load()).default });
}

/** A page at `path`, with its title. */
function route(path: string, load: () => Promise<Module>, title?: Title): NonIndexRouteObject {
  return { path, lazy: page(load), ...(title ? { handle: { title } satisfies RouteHandle } : {}) };
}

/** Pages shown only when the company switched their area on; otherwise `fallback` (or /hub/company). */
function feature(when: (c: CompanyConfig) => boolean, children: RouteObject[], fallback?: string): RouteObject {
  return { element: <RequireFeature when={when} fallback={fallback} />, children };
}

/** Pages a guardian's role must allow (decision 101): `family-read` the children's records, `family` changes to them, `money` financials. */
function access(kind: Access, ...children: RouteObject[]): RouteObject {
  return { element: <RequireAccess access={kind} />, children };
}

const mobileOnly = (...children: RouteObject[]): RouteObject => ({ element: <MobileOnly />, children });
const redirect = (path: string, to: string): RouteObject => ({ path, element: <Navigate to={to} replace /> });

/** The portal frame (nav, menus, bells) is a chunk of its own too; the standalone pages never load it. */
const appLayout = page(() => import('./components/app-layout').then((m) => ({ default: m.AppLayout })));
const standaloneLayout = page(() => import('./components/standalone-layout').then((m) => ({ default: m.StandaloneLayout })));

const studentsTitle = (config: CompanyConfig | undefined) => `${studentTerm(config)}s`;

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingSplash />,
    children: [
      redirect('/', paths.hub),
      { element: <GuestOnly />, children: [route(paths.hub, () => import('./routes/hub-landing-route'))] },
      route(paths.resetPassword, () => import('./routes/reset-password-route')),
      route(paths.joinFamily, () => import('./routes/join-family-route'), 'Join a family'),

      // Standalone public pages (no portal frame): registration, online bookings and their cancel link, session link.
      {
        lazy: standaloneLayout,
        children: [
          route(paths.ocr, () => import('./routes/ocr-route'), 'Online Registration'),
          route(paths.ob, () => import('./routes/guest-booking/guest-booking-route'), 'Online Bookings'),
          route(paths.obCancel, () => import('./routes/guest-booking/cancel-guest-booking-route'), 'Your Booking'),
          route(paths.classSessionLink, () => import('./routes/class-session-link/class-session-link-route'), 'Class Session'),
        ],
      },

      // Public pages inside the portal frame (B17).
      {
        lazy: appLayout,
        children: [
          route(paths.contactUs, () => import('./routes/contact/contact-us-route'), 'Contact Us'),
          mobileOnly(route(paths.contactUsMobile, () => import('./routes/contact/contact-us-mobile-route'), 'Contact Us')),
        ],
      },

      // Signed-in pages.
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: appLayout,
            children: [
              route(paths.company, () => import('./routes/company-home-route')),
              route(paths.signInActions, () => import('./routes/sign-in-actions-route'), 'Before you continue'),
              access('family-read', { element: <RequireBarcodes />, children: [route(paths.barcodes, () => import('./routes/barcodes/barcodes-route'), 'Barcodes')] }),

              access(
                'family-read',
                route(paths.students, () => import('./routes/students/students-route'), studentsTitle),
                route(`${paths.students}/:studentId`, () => import('./routes/students/student-route'), studentsTitle),
              ),
              access(
                'family',
                route(
                  paths.studentNew,
                  () => import('./routes/students/student-new-route'),
                  (c) => `Add ${studentTerm(c)}`,
                ),
              ),

              // Classes (decision 023).
              access(
                'family-read',
                route(paths.classes, () => import('./routes/classes/classes-route'), 'Classes'),
                route(paths.viewEnrollments, () => import('./routes/classes/view-enrollments-route'), 'Enrollments'),
                feature((c) => c.CanTakeMakeups, [route(paths.makeups, () => import('./routes/classes/makeups-route'), 'Make-ups')], paths.classes),
              ),
              access(
                'family',
                feature(
                  (c) => c.CustomerPortalAllowOCR && c.OnlineClassReservationsEnabled,
                  [route(`${paths.classes}/add-enrollments/:ocrProfileId`, () => import('./routes/classes/add-enrollments-route'), 'Add Enrollments')],
                  paths.classes,
                ),
                feature((c) => c.CanTakeMakeups, [route(paths.makeupsBook, () => import('./routes/classes/makeups-book-route'), 'Book a Make-up')], paths.classes),
                feature((c) => c.CanNotifyAbsence, [route(paths.notifyAbsences, () => import('./routes/classes/notify-absences-route'), 'Notify Absences')], paths.classes),
              ),

              access(
                'money',
                feature(
                  (c) => c.ShowFinancialsTab,
                  [
                    {
                      ...route(paths.financials, () => import('./routes/financials/financials-layout-route'), 'Financials'),
                      children: [
                        { index: true, element: <Navigate to={paths.invoicesAndReceipts} replace /> },
                        route('invoices-and-receipts', () => import('./routes/financials/invoices-route')),
                        route('balance-history', () => import('./routes/financials/balance-history-route')),
                        route('upcoming-payments', () => import('./routes/financials/upcoming-payments-route')),
                        route(':invoiceNo', () => import('./routes/financials/invoice-route')),
                      ],
                    },
                    mobileOnly(route(paths.financialsMenu, () => import('./routes/financials/financials-menu-route'))),
                  ],
                ),
              ),

              feature(
                (c) => c.ShowBookingsTab,
                [
                  // G7: /hub/bookings lands on the list.
                  redirect(paths.bookings, paths.bookingsView),
                  access(
                    'family-read',
                    route(paths.bookingsView, () => import('./routes/bookings/bookings-view-route')),
                  ),
                  access(
                    'family',
                    route(paths.bookingsAdd, () => import('./routes/bookings/bookings-add-route')),
                  ),
                ],
              ),

              // X16: notifications unless switched off explicitly; messages only when enabled.
              feature(
                (c) => c.ShowNotificationsTab !== false,
                [
                  route(paths.notifications, () => import('./routes/notifications/notifications-route')),
                  route(paths.notificationConfiguration, () => import('./routes/notifications/notification-configuration-route')),
                ],
              ),
              feature((c) => c.EnableMessages, [route(paths.messages, () => import('./routes/messages/messages-route'))]),

              // Account Settings (K1–K5): one layout with its tab bar around each tab.
              {
                ...route(paths.settings, () => import('./routes/settings/settings-layout-route')),
                children: [
                  { index: true, element: <Navigate to={paths.myDetails} replace /> },
                  route(paths.myDetails, () => import('./routes/account/my-details-route'), 'My Details'),
                  route(paths.security, () => import('./routes/account/security-route'), 'Login & Security'),
                  access(
                    'money',
                    feature((c) => c.ShowPaymentDetailsTab, [route(paths.billing, () => import('./routes/billing/billing-route'), 'Billing')], paths.myDetails),
                  ),
                  access(
                    'family-read',
                    route(paths.agreements, () => import('./routes/agreements/agreements-route'), 'Agreements'),
                  ),
                ],
              },
              mobileOnly(route(paths.settingsMenu, () => import('./routes/settings/settings-menu-route'))),

              // Cart and payment (decision 024), for a role that may pay (decision 101); the cart of classes and bookings
              // only for one that may choose them for the children too (a payer pays invoices).
              access(
                'money',
                access(
                  'family-read',
                  route(paths.checkout, () => import('./routes/checkout/checkout-route'), 'Checkout'),
                ),
                route(paths.invoiceCheckout, () => import('./routes/checkout/invoice-checkout-route'), 'Invoice Checkout'),
                route(paths.payment, () => import('./routes/checkout/payment-route'), 'Payment'),
                route(paths.paymentSuccess, () => import('./routes/checkout/payment-success-route'), 'Payment Successful'),
              ),
            ],
          },
        ],
      },
      { id: NOT_FOUND_ROUTE_ID, path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
