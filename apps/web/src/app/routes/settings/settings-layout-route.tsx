import { SettingsLayout } from '../../components/settings-layout';

export default SettingsLayout;
