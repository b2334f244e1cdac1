import type { ReactNode } from 'react';
import type { CompanyConfig } from '@portal/shared/company-config';
import type { CustomerUser } from '@portal/shared/customer-schemas';
import { agreementEndpoints } from '@portal/shared/endpoints/agreements';
import { barcodeEndpoints } from '@portal/shared/endpoints/barcodes';
import { bookingEndpoints } from '@portal/shared/endpoints/bookings';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { financialEndpoints } from '@portal/shared/endpoints/financials';
import { paymentEndpoints } from '@portal/shared/endpoints/payments';
import { studentEndpoints } from '@portal/shared/endpoints/students';
import { roleAllows, type FamilyRole } from '@portal/shared/family-roles';
import { paths } from '@/config/paths';
import { BarcodeIcon, CalendarIcon, CreditCardIcon, FileTextIcon, GraduationCapIcon, HouseIcon, LayoutGridIcon, LockIcon, UserIcon, UsersIcon, WalletIcon } from 'lucide-react';
import { studentTerm } from '@/lib/branding';

export interface NavItem {
  label: string;
  to: string;
  /** Paths under this prefix mark the item as current. */
  section: string;
  icon: ReactNode;
}

/** The tabs of D1 §2 "Navigation"; Financials and Bookings follow the company switches. */
export function mainNavItems(config: CompanyConfig, mobile: boolean, role?: FamilyRole): NavItem[] {
  // A guardian's role hides what it cannot open (decision 101): a payer's children and schedules, a viewer's money.
  const items: NavItem[] = [{ label: 'Home', to: paths.company, section: paths.company, icon: <HouseIcon /> }];
  if (roleAllows(role, studentEndpoints.list)) items.push({ label: `${studentTerm(config)}s`, to: paths.students, section: paths.students, icon: <UsersIcon /> });
  if (roleAllows(role, classEndpoints.enrolments)) items.push({ label: 'Classes', to: paths.classes, section: paths.classes, icon: <GraduationCapIcon /> });
  if (config.ShowFinancialsTab && roleAllows(role, financialEndpoints.invoices)) {
    // On a phone the Financials tab opens its menu page (B38).
    items.push({ label: 'Financials', to: mobile ? paths.financialsMenu : paths.financials, section: paths.financials, icon: <WalletIcon /> });
  }
  if (config.ShowBookingsTab && roleAllows(role, bookingEndpoints.list)) {
    items.push({ label: 'Bookings', to: paths.bookings, section: paths.bookings, icon: <LayoutGridIcon /> });
  }
  return items;
}

/** The settings links of the "Account Settings" menu (B10); Billing only with ShowPaymentDetailsTab. */
export function settingsItems(config: CompanyConfig, role?: FamilyRole): NavItem[] {
  const items: NavItem[] = [
    { label: 'My Details', to: paths.myDetails, section: paths.myDetails, icon: <UserIcon /> },
    { label: 'Login & Security', to: paths.security, section: paths.security, icon: <LockIcon /> },
  ];
  if (config.ShowPaymentDetailsTab && roleAllows(role, paymentEndpoints.paymentDetails)) items.push({ label: 'Billing', to: paths.billing, section: paths.billing, icon: <CreditCardIcon /> });
  // The agreements page reads the family's acceptances: a payer's access does not open it (decision 101).
  if (roleAllows(role, agreementEndpoints.signed)) items.push({ label: 'Agreements', to: paths.agreements, section: paths.agreements, icon: <FileTextIcon /> });
  return items;
}

/** Barcodes appear only for a customer who has some (Q1), and whose family role may read them (decision 101). */
export function barcodeItem(user: CustomerUser | null): NavItem | null {
  if (!user || !(user.total_barcodes > 0) || !roleAllows(user.Role, barcodeEndpoints.list)) return null;
  return { label: 'Barcodes', to: paths.barcodes, section: paths.barcodes, icon: <BarcodeIcon /> };
}

/** Whether anything can be put in the cart: classes taken online, or courts booked. */
export function sellsInCart(config: Pick<CompanyConfig, 'CustomerPortalAllowOCR' | 'OnlineClassReservationsEnabled' | 'ShowBookingsTab'>): boolean {
  return (config.CustomerPortalAllowOCR && config.OnlineClassReservationsEnabled) || config.ShowBookingsTab;
}

/**
 * Whether the top bar offers the cart: where the company sells something through it, and only to
 * a role that may pay for classes and bookings and choose them for the children (decision 101; a
 * viewer pays nothing, and a payer, who pays invoices from Financials, puts nothing in it).
 */
export function offersCart(role: FamilyRole | undefined, config: Parameters<typeof sellsInCart>[0]): boolean {
  return sellsInCart(config) && roleAllows(role, paymentEndpoints.checkout) && roleAllows(role, classEndpoints.students);
}

export function financialsItems(): NavItem[] {
  return [
    { label: 'Invoices & Receipts', to: paths.invoicesAndReceipts, section: paths.invoicesAndReceipts, icon: <FileTextIcon /> },
    { label: 'Balance History', to: paths.balanceHistory, section: paths.balanceHistory, icon: <WalletIcon /> },
    { label: 'Upcoming Payments', to: paths.upcomingPayments, section: paths.upcomingPayments, icon: <CalendarIcon /> },
  ];
}

export function isCurrent(pathname: string, section: string): boolean {
  return pathname === section || pathname.startsWith(`${section}/`) || (section === paths.financials && pathname === paths.financialsMenu);
}
