import { AmountOwedBanner } from '@/components/payment/amount-owed-banner';
import { useConfig } from '@/entities/company/get-company-config';
import { useAmountOwed } from '@/entities/payments/get-amount-owed';
import { financialsItems } from '../../components/nav-items';
import { MenuPage } from '../../components/menu-page';

/** /hub/financials-main-page: the Financials tabs as a phone menu, under what the family owes (decision 072). */
export default function FinancialsMenuRoute() {
  const owed = useAmountOwed(useConfig().fin_setup.InvoicesPaidOnline);
  return <MenuPage title="Financials" items={financialsItems()} lead={<AmountOwedBanner owed={owed.data} className="mb-6" />} />;
}
