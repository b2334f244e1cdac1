import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import type { CompanyConfig } from '@portal/shared/company-config';
import { paths } from '@/config/paths';
import { studentTerm } from '@/lib/branding';
import type { RouteHandle } from './components/coming-soon';
import { GuestOnly, MobileOnly, RequireAuth, RequireBarcodes, RequireFeature } from './components/guards';
import { AppRoot, NOT_FOUND_ROUTE_ID } from './root';
import { LoadingSplash } from '@/features/company/components/loading-splash';
import { NotFoundPage } from './routes/not-found-page';
import { RouteErrorPage } from './routes/route-error-page';

type Module = { default: React.ComponentType };

/** Every page is its own chunk; only the shell above is in the first download. */
function page(load: () => Promise<Module>) {
  return async () => ({ Component: (await load()).default });
}

/** The portal frame (nav, menus, bells) is a chunk of its own too. */
const appLayout = page(() => import('./components/app-layout').then((m) => ({ default: m.AppLayout })));
const standaloneLayout = page(() => import('./components/standalone-layout').then((m) => ({ default: m.StandaloneLayout })));

const studentsTitle = (config: CompanyConfig | undefined) => `${studentTerm(config)}s`;
const feature = (when: (c: CompanyConfig) => boolean, children: RouteObject[], fallback?: string): RouteObject => ({
  element: <RequireFeature when={when} fallback={fallback} />,
  children,
});

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <LoadingSplash />,
    children: [
      { path: '/', element: <Navigate to={paths.hub} replace /> },
      {
        element: <GuestOnly />,
        children: [{ path: paths.hub, lazy: page(() => import('./routes/hub-landing-route')) }],
      },
      { path: paths.resetPassword, lazy: page(() => import('./routes/reset-password-route')) },
      // Standalone public pages (no portal frame): registration, online bookings and their cancel link, session link.
      {
        lazy: standaloneLayout,
        children: [
          { path: paths.ocr, lazy: page(() => import('./routes/ocr-route')), handle: { title: 'Online Registration' } satisfies RouteHandle },
          { path: paths.ob, lazy: page(() => import('@/features/guest-booking/routes/guest-booking-route')), handle: { title: 'Online Bookings' } satisfies RouteHandle },
          { path: paths.obCancel, lazy: page(() => import('@/features/guest-booking/routes/cancel-guest-booking-route')), handle: { title: 'Your Booking' } satisfies RouteHandle },
          {
            path: paths.classSessionLink,
            lazy: page(() => import('@/features/class-session-link/routes/class-session-link-route')),
            handle: { title: 'Class Session' } satisfies RouteHandle,
          },
        ],
      },
      {
        // Public pages inside the portal frame (B17).
        lazy: appLayout,
        children: [
          { path: paths.contactUs, lazy: page(() => import('@/features/contact/routes/contact-us-route')), handle: { title: 'Contact Us' } satisfies RouteHandle },
          {
            element: <MobileOnly />,
            children: [{ path: paths.contactUsMobile, lazy: page(() => import('@/features/contact/routes/contact-us-mobile-route')), handle: { title: 'Contact Us' } satisfies RouteHandle }],
          },
        ],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: appLayout,
            children: [
              { path: paths.company, lazy: page(() => import('./routes/company-home-route')) },
              { path: paths.signInActions, lazy: page(() => import('./routes/sign-in-actions-route')), handle: { title: 'Before you continue' } satisfies RouteHandle },
              {
                element: <RequireBarcodes />,
                children: [{ path: paths.barcodes, lazy: page(() => import('@/features/barcodes/routes/barcodes-route')), handle: { title: 'Barcodes' } satisfies RouteHandle }],
              },

              { path: paths.students, lazy: page(() => import('@/features/students/routes/students-route')), handle: { title: studentsTitle } satisfies RouteHandle },
              { path: paths.studentNew, lazy: page(() => import('@/features/students/routes/student-new-route')), handle: { title: (c) => `Add ${studentTerm(c)}` } satisfies RouteHandle },
              { path: `${paths.students}/:studentId`, lazy: page(() => import('@/features/students/routes/student-route')), handle: { title: studentsTitle } satisfies RouteHandle },

              // Classes (decision 023).
              { path: paths.classes, lazy: page(() => import('@/features/classes/routes/classes-route')), handle: { title: 'Classes' } satisfies RouteHandle },
              feature(
                (c) => c.CustomerPortalAllowOCR && c.OnlineClassReservationsEnabled,
                [
                  {
                    path: `${paths.classes}/add-enrollments/:ocrProfileId`,
                    lazy: page(() => import('@/features/classes/routes/add-enrollments-route')),
                    handle: { title: 'Add Enrolments' } satisfies RouteHandle,
                  },
                ],
                paths.classes,
              ),
              { path: paths.viewEnrollments, lazy: page(() => import('@/features/classes/routes/view-enrollments-route')), handle: { title: 'Enrolments' } satisfies RouteHandle },
              feature(
                (c) => c.CanTakeMakeups,
                [
                  { path: paths.makeups, lazy: page(() => import('@/features/classes/routes/makeups-route')), handle: { title: 'Make-ups' } satisfies RouteHandle },
                  { path: paths.makeupsBook, lazy: page(() => import('@/features/classes/routes/makeups-book-route')), handle: { title: 'Book a Make-up' } satisfies RouteHandle },
                ],
                paths.classes,
              ),
              feature(
                (c) => c.CanNotifyAbsence,
                [{ path: paths.notifyAbsences, lazy: page(() => import('@/features/classes/routes/notify-absences-route')), handle: { title: 'Notify Absences' } satisfies RouteHandle }],
                paths.classes,
              ),

              feature((c) => c.ShowFinancialsTab, [
                {
                  path: paths.financials,
                  handle: { title: 'Financials' } satisfies RouteHandle,
                  lazy: page(() => import('@/features/financials/routes/financials-layout-route')),
                  children: [
                    { index: true, element: <Navigate to={paths.invoicesAndReceipts} replace /> },
                    { path: 'invoices-and-receipts', lazy: page(() => import('@/features/financials/routes/invoices-route')) },
                    { path: 'balance-history', lazy: page(() => import('@/features/financials/routes/balance-history-route')) },
                    { path: 'upcoming-payments', lazy: page(() => import('@/features/financials/routes/upcoming-payments-route')) },
                    { path: ':invoiceNo', lazy: page(() => import('@/features/financials/routes/invoice-route')) },
                  ],
                },
                { element: <MobileOnly />, children: [{ path: paths.financialsMenu, lazy: page(() => import('./routes/financials-menu-route')) }] },
              ]),

              feature((c) => c.ShowBookingsTab, [
                // G7: /hub/bookings lands on the list.
                { path: paths.bookings, element: <Navigate to={paths.bookingsView} replace /> },
                { path: paths.bookingsView, lazy: page(() => import('@/features/bookings/routes/bookings-view-route')) },
                { path: paths.bookingsAdd, lazy: page(() => import('@/features/bookings/routes/bookings-add-route')) },
              ]),

              // X16: notifications unless switched off explicitly; messages only when enabled.
              feature((c) => c.ShowNotificationsTab !== false, [
                { path: paths.notifications, lazy: page(() => import('@/features/notifications/routes/notifications-route')) },
                {
                  path: paths.notificationConfiguration,
                  lazy: page(() => import('@/features/notifications/routes/notification-configuration-route')),
                },
              ]),
              feature((c) => c.EnableMessages, [{ path: paths.messages, lazy: page(() => import('@/features/messages/routes/messages-route')) }]),

              // Account Settings (K1–K5): one layout with its tab bar around each tab.
              {
                path: paths.settings,
                lazy: page(() => import('./routes/settings-layout-route')),
                children: [
                  { index: true, element: <Navigate to={paths.myDetails} replace /> },
                  { path: paths.myDetails, lazy: page(() => import('@/features/account/routes/my-details-route')), handle: { title: 'My Details' } satisfies RouteHandle },
                  { path: paths.security, lazy: page(() => import('@/features/account/routes/security-route')), handle: { title: 'Login & Security' } satisfies RouteHandle },
                  feature((c) => c.ShowPaymentDetailsTab, [{ path: paths.billing, lazy: page(() => import('@/features/billing/routes/billing-route')), handle: { title: 'Billing' } satisfies RouteHandle }], paths.myDetails),
                  { path: paths.agreements, lazy: page(() => import('@/features/agreements/routes/agreements-route')), handle: { title: 'Agreements' } satisfies RouteHandle },
                ],
              },
              { element: <MobileOnly />, children: [{ path: paths.settingsMenu, lazy: page(() => import('./routes/settings-menu-route')) }] },

              // Cart and payment (decision 024).
              { path: paths.checkout, lazy: page(() => import('@/features/checkout/routes/checkout-route')), handle: { title: 'Checkout' } satisfies RouteHandle },
              { path: paths.invoiceCheckout, lazy: page(() => import('@/features/checkout/routes/invoice-checkout-route')), handle: { title: 'Invoice Checkout' } satisfies RouteHandle },
              { path: paths.payment, lazy: page(() => import('@/features/checkout/routes/payment-route')), handle: { title: 'Payment' } satisfies RouteHandle },
              { path: paths.paymentSuccess, lazy: page(() => import('@/features/checkout/routes/payment-success-route')), handle: { title: 'Payment Successful' } satisfies RouteHandle },
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
