import { useConfig } from '@/entities/company/get-company-config';
import { useCurrentUser } from '@/entities/customer/identity';
import { barcodeItem, settingsItems } from '../../components/nav-items';
import { MenuPage } from '../../components/menu-page';

/** /hub/settings-main-page: the Account Settings tabs as a phone menu. */
export default function SettingsMenuRoute() {
  const config = useConfig();
  const user = useCurrentUser();
  const barcodes = barcodeItem(user);
  return <MenuPage title="Account Settings" items={barcodes ? [...settingsItems(config, user?.Role), barcodes] : settingsItems(config, user?.Role)} />;
}
