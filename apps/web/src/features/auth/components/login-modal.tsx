import { Modal } from '@/components/ui/modal';
import { useConfig } from '@/entities/company/get-company-config';
import { useUiStore } from '@/lib/ui-store';
import { useCustomerSignIn } from '../hooks/use-customer-sign-in';
import { LoginForm } from './login-form';
import { SelectAccountModal } from './select-account-modal';

/** Sign-in to the company already loaded (nav "Login", "My Account", ?ocr_profile). */
export function LoginModal() {
  const config = useConfig();
  const open = useUiStore((s) => s.modal === 'login');
  const { openModal, closeModal } = useUiStore.getState();
  const { signIn, accounts, chooseAccount, cancelChoice } = useCustomerSignIn();

  return (
    <>
      <Modal open={open && accounts === null} onOpenChange={(o) => (o ? undefined : closeModal())} title="Login" description={`Sign in to your ${config.CompanyDisplayName} account.`}>
        <LoginForm
          initialFocus
          onSubmit={signIn}
          onForgotPassword={() => openModal('forgot-password')}
          footer={
            config.CanTakeNewSignUps ? (
              <p className="text-center text-sm text-muted">
                New here?{' '}
                <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => openModal('register')} className="rounded font-semibold text-primary-ink hover:underline">
                  Create an account
                </button>
              </p>
            ) : null
          }
        />
      </Modal>
      <SelectAccountModal accounts={open ? accounts : null} onChoose={chooseAccount} onCancel={cancelChoice} />
    </>
  );
}
