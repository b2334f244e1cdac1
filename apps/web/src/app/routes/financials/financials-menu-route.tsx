import { financialsItems } from '../../components/nav-items';
import { MenuPage } from '../../components/menu-page';

/** /hub/financials-main-page: the Financials tabs as a phone menu. */
export default function FinancialsMenuRoute() {
  return <MenuPage title="Financials" items={financialsItems()} />;
}
