import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { REDIRECT_COUNTDOWN_S } from '@portal/shared/constants';
import { messages } from '@portal/shared/messages';
import { paths } from '@/config/paths';
import { ErrorBox } from '@/components/ui/error-box';
import { CheckIcon, XIcon } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { PasswordForm } from '@/components/forms/password-form';
import { useCheckIfChangingPassword } from '@/features/auth/api/check-if-changing-password';
import { resetPassword } from '@/features/auth/api/reset-password';
import { useCompanyConfig } from '@/entities/company/get-company-config';
import { errorMessage } from '@/lib/api-client';
import { companyName, logoSource } from '@/lib/branding';
import { useCartStore } from '@/lib/cart-store';

/** /reset-password?token=T (M7–M13, X12). */
export default function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { data: config } = useCompanyConfig();
  const check = useCheckIfChangingPassword(token);
  const [justChanged, setJustChanged] = useState(false);
  const logo = config ? logoSource(config) : null;

  let body;
  if (!token) {
    body = <SuccessState note={null} />;
  } else if (check.isPending) {
    body = (
      <div className="flex justify-center py-10 text-primary-ink">
        <Spinner size="lg" label="Checking your link" />
      </div>
    );
  } else if (check.isError) {
    body = <ErrorBox message={errorMessage(check.error)} onDismiss={() => void check.refetch()} />;
  } else if (justChanged || !check.data.isChangingPassword) {
    body = <SuccessState note={justChanged ? messages.newPasswordSet : null} />;
  } else {
    body = <NewPasswordForm token={token} onDone={() => setJustChanged(true)} />;
  }

  return (
    <main className="flex min-h-dvh items-start justify-center bg-canvas px-4 py-8 sm:items-center sm:py-12">
      <div className="relative w-full max-w-md rounded-2xl bg-surface p-6 shadow-xl ring-1 ring-ink/5 sm:p-8">
        <button
          type="button"
          onClick={() => navigate(paths.company)}
          aria-label="Close"
          className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-muted hover:bg-surface-muted hover:text-ink"
        >
          <XIcon className="size-6" />
        </button>
        {config ? (
          <div className="mb-6 flex min-h-10 items-center pr-10">
            {logo ? <img src={logo} alt={companyName(config)} className="h-10 w-auto max-w-[180px] object-contain" /> : <span className="text-lg font-bold text-ink">{companyName(config)}</span>}
          </div>
        ) : (
          <div className="h-6" aria-hidden="true" />
        )}
        {body}
      </div>
    </main>
  );
}

function NewPasswordForm({ token, onDone }: { token: string; onDone: () => void }) {
  return (
    <PasswordForm
      header={
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-ink">Set New Password</h1>
          <p className="mt-1 text-sm text-muted">Choose a password you don’t use anywhere else.</p>
        </div>
      }
      passwordLabel="Password"
      submitLabel="Set password"
      submitProps={{ size: 'lg', fullWidth: true }}
      onSubmit={async (values) => {
        await resetPassword(token, values);
        // D2 §8: a new password also resets the class cart.
        useCartStore.getState().resetClassCart();
        onDone();
      }}
    />
  );
}

/** M9: "Success" and a 5-second countdown to /hub/company. */
function SuccessState({ note }: { note: string | null }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(REDIRECT_COUNTDOWN_S);

  useEffect(() => {
    const timer = window.setInterval(() => setLeft((s) => Math.max(0, s - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (left === 0) void navigate(paths.company, { replace: true });
  }, [left, navigate]);

  return (
    <div className="flex flex-col items-center text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-success-surface text-success" aria-hidden="true">
        <CheckIcon className="size-8" strokeWidth={2.4} />
      </span>
      <h1 className="mt-5 text-2xl font-bold tracking-tight text-ink">Success</h1>
      {note ? (
        <p role="status" className="mt-3 rounded-lg bg-success-surface px-3 py-2 text-sm font-semibold text-success">
          {note}
        </p>
      ) : null}
      <p className="mt-3 text-muted">{messages.passwordChangedRedirect}</p>
      <p className="mt-6 text-sm font-medium text-muted" aria-live="polite">
        Redirecting in {left} {left === 1 ? 'second' : 'seconds'}…
      </p>
    </div>
  );
}
