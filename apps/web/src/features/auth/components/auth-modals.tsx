import { ForgotPasswordModal } from './forgot-password-modal';
import { LoginModal } from './login-modal';
import { RegisterModal } from './register-modal';
import { SwitchAccountModal } from './switch-account-modal';

/** The modals any screen opens through useUiStore().openModal; needs a loaded company. */
export function AuthModals() {
  return (
    <>
      <LoginModal />
      <RegisterModal />
      <ForgotPasswordModal />
      <SwitchAccountModal />
    </>
  );
}
