import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { OptOut } from '@portal/shared/notification-schemas';
import { STATUS_MESSAGE_MS } from '@portal/shared/constants';
import { Button } from '@/components/ui/button';
import { useLeaveGuard } from '@/components/forms/leave-guard';
import { ErrorBox } from '@/components/ui/error-box';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useOptOuts } from '@/features/notifications/api/get-opt-outs';
import { useUpdateOptOuts } from '@/features/notifications/api/update-opt-outs';
import { PushSettings } from '@/features/notifications/components/push-settings';
import { NativeDeviceSettings } from '@/features/notifications/components/native-device-settings';
import { useNativePushToken } from '@/app/hooks/use-native-push';
import { useCurrentUser } from '@/entities/customer/identity';
import { cn } from '@/lib/cn';
import { ChevronLeftIcon } from 'lucide-react';

type Channel = 'email' | 'in_app';

/** /hub/notification-configuration (J11): which categories reach the customer, and how. */
export default function NotificationConfigurationRoute() {
  // Inside the native app, its device token stands for this device (decision 102).
  const nativeDevice = useNativePushToken();
  // A guardian chooses their own e-mail; the hub's list is the family's (decision 101).
  const role = useCurrentUser()?.Role;
  const holder = !role || role === 'holder';
  const optOuts = useOptOuts();
  const update = useUpdateOptOuts();
  const [draft, setDraft] = useState<OptOut[] | null>(null);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);

  // The form edits a copy; the saved answer replaces it, so what is shown is what was kept.
  const rows = draft ?? optOuts.data?.opt_outs ?? [];
  const saved = optOuts.data?.opt_outs ?? [];
  const dirty = draft != null && JSON.stringify(draft) !== JSON.stringify(saved);
  // Switches changed and not saved are asked about before the page is left (decision 143).
  const leave = useLeaveGuard(dirty);

  useEffect(() => {
    if (!status) return;
    const timer = window.setTimeout(() => setStatus(''), STATUS_MESSAGE_MS);
    return () => window.clearTimeout(timer);
  }, [status]);

  function toggle(category: string, channel: Channel) {
    setStatus('');
    setDraft(rows.map((row) => (row.category === category ? { ...row, [channel]: !row[channel] } : row)));
  }

  // One save at a time: a double tap on Save sends the choices once.
  const saving = useRef(false);
  async function save() {
    if (saving.current) return;
    saving.current = true;
    // A new attempt: the last one's answer, failed or saved, no longer stands beside it.
    setError(null);
    setStatus('');
    try {
      await update.mutateAsync(rows.map(({ category, email, in_app }) => ({ category, email, in_app })));
      setDraft(null);
      setStatus('Your notification preferences have been saved.');
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      saving.current = false;
    }
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <Link to={paths.notifications} className="mb-2 inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-primary-ink hover:underline">
        <ChevronLeftIcon aria-hidden="true" className="size-4" />
        Back to notifications
      </Link>
      <PageHeader title="Notification Settings" description="Choose which updates you receive by e-mail and in the Customer Hub." />
      {holder ? null : <p className="-mt-2 mb-4 text-sm text-muted">Your e-mail choices are your own; what shows in the Customer Hub is the account holder’s to choose.</p>}

      <p
        role="status"
        aria-live="polite"
        className={status ? 'mb-4 flex items-center gap-2 rounded-lg border border-success-line bg-success-surface px-3.5 py-3 text-sm font-medium text-success' : 'sr-only'}
      >
        {status}
      </p>
      <ErrorBox message={error} onDismiss={() => setError(null)} className="mb-4" />

      {optOuts.isPending ? (
        <div className="flex justify-center py-16 text-primary-ink">
          <Spinner label="Loading your notification settings" />
        </div>
      ) : optOuts.isLoadingError ? (
        <div className="rounded-2xl border border-danger-line bg-danger-surface px-4 py-6 text-center text-sm text-danger">
          <p>{errorMessage(optOuts.error)}</p>
          <Button variant="secondary" size="sm" className="mt-3" onClick={() => void optOuts.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void save();
          }}
        >
          <div className="overflow-hidden rounded-2xl border border-line bg-surface shadow-sm">
            <table className="w-full text-sm">
              <caption className="sr-only">Notification categories and how you receive them</caption>
              <thead className="bg-canvas">
                <tr className="text-left text-xs font-semibold tracking-wide text-muted uppercase">
                  <th scope="col" className="px-4 py-3 sm:px-5">
                    Category
                  </th>
                  <th scope="col" className="w-20 px-2 py-3 text-center sm:w-28">
                    E-mail
                  </th>
                  <th scope="col" className="w-20 px-2 py-3 text-center sm:w-28">
                    In-app
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line-soft">
                {rows.map((row) => (
                  <tr key={row.category}>
                    <th scope="row" className="px-4 py-4 text-left font-medium text-ink sm:px-5">
                      {row.label}
                    </th>
                    <td className="px-2 py-4 text-center">
                      <Switch checked={!row.email} label={`E-mail: ${row.label}`} onChange={() => toggle(row.category, 'email')} />
                    </td>
                    <td className="px-2 py-4 text-center">
                      <Switch checked={!row.in_app} label={`In-app: ${row.label}`} disabled={!holder} onChange={() => toggle(row.category, 'in_app')} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
            {dirty && (
              <Button variant="ghost" onClick={() => setDraft(null)}>
                Discard changes
              </Button>
            )}
            <Button type="submit" loading={update.isPending} className="sm:min-w-32">
              Save
            </Button>
          </div>
        </form>
      )}
      {nativeDevice ? <NativeDeviceSettings device={nativeDevice} /> : <PushSettings />}
      {leave.dialog}
    </div>
  );
}

/**
 * A toggle announced as a switch. On means "send me these"; the API stores the opposite
 * (an opt-out: true = switched off), so callers pass the negated opt-out.
 */
function Switch({ checked, label, disabled = false, onChange }: { checked: boolean; label: string; disabled?: boolean; onChange: () => void }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={onChange}
      className={cn(
        // The track is 28 px tall; the target a finger hits reaches 44 px (the table row has room for it).
        "relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full transition-colors before:absolute before:-inset-y-2 before:inset-x-0 before:content-[''] disabled:cursor-not-allowed disabled:opacity-60",
        checked ? 'bg-primary' : 'bg-line-strong',
      )}
    >
      <span aria-hidden="true" className={cn('inline-block size-5 rounded-full bg-white shadow transition-transform', checked ? 'translate-x-6' : 'translate-x-1')} />
    </button>
  );
}
