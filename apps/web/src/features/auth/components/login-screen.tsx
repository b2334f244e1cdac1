import { lazy, Suspense, useEffect, useState } from 'react';
import * as Tabs from '@radix-ui/react-tabs';
import type { CompanyConfig } from '@portal/shared/company-config';
import { messages } from '@portal/shared/messages';
import { companyName, logoSource } from '@/lib/branding';
import { useUiStore } from '@/lib/ui-store';
import { useCompanySignIn } from '../hooks/use-company-sign-in';
import { CompanyCodeForm } from './company-code-form';
import { LoginForm } from './login-form';

// The choice dialogs (and the dialog library with them) load the first time one is needed.
const SelectAccountModal = lazy(() => import('./select-account-modal').then((m) => ({ default: m.SelectAccountModal })));
const SelectCompanyModal = lazy(() => import('./select-company-modal').then((m) => ({ default: m.SelectCompanyModal })));

/** True from the first time `value` is true: a dialog stays mounted so it can animate out. */
function useOnceTrue(value: boolean): boolean {
  const [seen, setSeen] = useState(value);
  if (value && !seen) setSeen(true);
  return seen || value;
}

const tabClass =
  'flex-1 min-h-11 rounded-lg px-3 text-sm font-semibold text-muted transition-colors hover:text-ink ' + 'data-[state=active]:bg-surface data-[state=active]:text-ink data-[state=active]:shadow-sm';

/**
 * The full-screen sign-in (D2 "Login screen"): tabs "Email Login" and "Company Code".
 * Without a company, e-mail login first finds the company; with one loaded (the signed-out
 * /hub/company or a protected page) it signs straight in to that company.
 */
export function LoginScreen({ config, onChangeCompany }: { config: CompanyConfig | null; onChangeCompany?: () => void }) {
  const flow = useCompanySignIn();
  const openModal = useUiStore((s) => s.openModal);
  /** "reset": the Company Code tab, opened by Forgot password? before any company is known; it says why, its box ready. */
  const [tab, setTab] = useState('email');
  const resetFirst = tab === 'reset';
  const logo = config ? logoSource(config) : null;
  const name = config ? companyName(config) : null;
  const companyChoiceShown = useOnceTrue(flow.companies !== null);
  const accountChoiceShown = useOnceTrue(flow.customer.accounts !== null);
  const unknownLink = useUiStore((s) => s.unknownLink);
  const setUnknownLink = useUiStore((s) => s.setUnknownLink);
  // The note is about the link that brought the family here: it goes when the family leaves the screen.
  useEffect(() => () => setUnknownLink(false), [setUnknownLink]);

  return (
    <div className="flex min-h-dvh flex-col bg-canvas lg:flex-row">
      <aside className="relative isolate overflow-hidden bg-brand-900 px-6 pt-10 pb-16 text-on-primary sm:px-10 lg:flex lg:w-[44%] lg:flex-col lg:justify-between lg:px-14 lg:py-14">
        <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-br from-brand-700 via-brand-800 to-brand-950" />
        <div aria-hidden="true" className="absolute -top-24 -right-24 -z-10 size-80 rounded-full bg-brand-400/25 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-40 -left-20 -z-10 size-96 rounded-full bg-brand-500/20 blur-3xl" />
        <div className="flex items-center gap-3">
          {logo ? (
            <span className="inline-flex rounded-xl bg-white p-2 shadow-sm">
              <img src={logo} alt={name ?? 'Company logo'} className="h-10 w-auto max-w-[180px] object-contain" />
            </span>
          ) : (
            <span className="text-xl font-bold tracking-tight">{name ?? 'Customer Hub'}</span>
          )}
        </div>
        <div className="mt-10 max-w-md lg:mt-0">
          <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">{config ? `Welcome to ${config.CompanyDisplayName}` : messages.welcome}</h1>
          <p className="mt-3 text-base text-brand-100 sm:text-lg">{config && !config.ShowBookingsTab ? 'Classes' : 'Classes, bookings'} and invoices for your family — in one secure place.</p>
        </div>
        <p className="mt-10 hidden text-sm text-brand-200 lg:block">Private, safe and secure.</p>
      </aside>

      <main className="relative -mt-8 flex flex-1 items-start justify-center px-4 pb-10 lg:mt-0 lg:items-center lg:px-10">
        <div className="w-full max-w-md rounded-2xl bg-surface p-6 shadow-xl ring-1 ring-ink/5 sm:p-8 lg:shadow-none lg:ring-0 lg:bg-transparent">
          <h2 className="text-2xl font-bold tracking-tight text-ink">Sign in</h2>
          <p className="mt-1 text-sm text-muted">{messages.loginCaption}</p>
          {unknownLink && !config ? (
            <p role="status" className="mt-4 rounded-xl border border-primary-line bg-primary-tint px-4 py-3 text-sm text-primary-tint-ink">
              {messages.unknownLink}
            </p>
          ) : null}
          <Tabs.Root value={resetFirst ? 'code' : tab} onValueChange={setTab} className="mt-6">
            <Tabs.List aria-label="How to sign in" className="flex flex-wrap gap-1 rounded-xl bg-surface-muted p-1">
              <Tabs.Trigger value="email" className={tabClass}>
                Email Login
              </Tabs.Trigger>
              <Tabs.Trigger value="code" className={tabClass}>
                Company Code
              </Tabs.Trigger>
            </Tabs.List>
            {/* Each panel holds a form: Tab goes from the tabs to its first box, not to the panel (tabindex −1, as the ARIA tabs pattern has it). */}
            <Tabs.Content value="email" tabIndex={-1} className="mt-6 focus-visible:outline-none">
              <LoginForm
                onSubmit={config ? flow.customer.signIn : flow.signInWithEmail}
                // Before any company, the reset link has no company to come from: its code first.
                onForgotPassword={config ? () => openModal('forgot-password') : () => setTab('reset')}
                footer={
                  config?.CanTakeNewSignUps ? (
                    <p className="text-center text-sm text-muted">
                      New here?{' '}
                      <button type="button" onMouseDown={(e) => e.preventDefault()} onClick={() => openModal('register')} className="rounded font-semibold text-primary-ink hover:underline">
                        Create an account
                      </button>
                    </p>
                  ) : null
                }
              />
            </Tabs.Content>
            <Tabs.Content value="code" tabIndex={-1} className="mt-6 focus-visible:outline-none">
              {resetFirst ? <p className="mb-4 text-sm text-ink-soft">To reset your password, find your company by its code first.</p> : null}
              <CompanyCodeForm
                focus={resetFirst}
                // The company found, the reset the family asked for opens over its page.
                onSubmit={resetFirst ? (code) => flow.signInWithCode(code).then(() => openModal('forgot-password')) : flow.signInWithCode}
              />
            </Tabs.Content>
          </Tabs.Root>
          {config && onChangeCompany ? (
            <p className="mt-8 border-t border-line pt-5 text-center text-sm text-muted">
              Not with {config.CompanyDisplayName}?{' '}
              <button type="button" onClick={onChangeCompany} className="rounded font-semibold text-primary-ink hover:underline">
                Change Company
              </button>
            </p>
          ) : null}
        </div>
      </main>

      <Suspense fallback={null}>
        {companyChoiceShown && <SelectCompanyModal companies={flow.companies} onChoose={flow.chooseCompany} onCancel={flow.cancelCompanyChoice} />}
        {accountChoiceShown && <SelectAccountModal accounts={flow.customer.accounts} onChoose={flow.customer.chooseAccount} onCancel={flow.customer.cancelChoice} />}
      </Suspense>
    </div>
  );
}
