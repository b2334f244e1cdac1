import { useEffect, useRef, useState, type ReactNode } from 'react';
import { FileArchiveIcon, KeyRoundIcon } from 'lucide-react';
import { accountSecurityEndpoints } from '@portal/shared/endpoints/account-security';
import { myDetailsMessages as dm } from '@portal/shared/my-details-schemas';
import { Button, buttonClasses } from '@/components/ui/button';
import { useConfig } from '@/entities/company/get-company-config';
import { familyRecords } from '@/lib/branding';
import { StatusMessage } from '@/components/ui/status-message';
import { PasswordForm } from '@/components/forms/password-form';
import { useSettingsBackButton } from '@/lib/settings-back';
import { useChangePassword } from '@/features/account/api/change-password';
import { DeleteAccount } from '@/features/account/components/delete-account';
import { ActivityLog } from '@/features/account/components/activity-log';
import { FamilyAccess } from '@/features/family-access/components/family-access';
import { useCan } from '@/entities/customer/identity';

const TAB = 'Login & Security';

/** /hub/settings/security (K13): the password, changed with the current one. */
export default function SecurityRoute() {
  // The family's log, data and deletion follow the signed-in person's role (decision 101).
  const holder = useCan(accountSecurityEndpoints.myData);
  const canReadLog = useCan(accountSecurityEndpoints.activity);
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const updateButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  useSettingsBackButton(editing, TAB, stopEditing);
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      updateButton.current?.focus();
    }
  }, [editing]);

  return (
    <div className="flex flex-col gap-4">
      <StatusMessage message={status} onDismiss={() => setStatus(null)} />
      <section aria-labelledby="password-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        {editing ? (
          <ChangePasswordForm
            onDone={() => {
              stopEditing();
              setStatus(dm.passwordChanged);
            }}
            onCancel={stopEditing}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-4">
            <CardHeading icon={<KeyRoundIcon className="size-5" />} id="password-heading" title="Password">
              Changing it signs you out everywhere else.
            </CardHeading>
            <Button
              ref={updateButton}
              variant="secondary"
              onClick={() => {
                setStatus(null);
                setEditing(true);
              }}
            >
              Update password
            </Button>
          </div>
        )}
      </section>
      <FamilyAccess />
      {canReadLog ? <ActivityLog /> : null}
      {holder ? (
        <>
          <YourData />
          <DeleteAccount />
        </>
      ) : null}
    </div>
  );
}

/** Issue 24: a copy of everything held about the family, downloaded with the family's own session (decision 094). */
function YourData() {
  const config = useConfig();
  return (
    <section aria-labelledby="data-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <CardHeading icon={<FileArchiveIcon className="size-5" />} id="data-heading" title="Your data">
          A copy of everything {config.CompanyDisplayName} keeps about your family here: your details, {familyRecords(config)}, invoices, payments, agreements and messages, as JSON and CSV files in
          one ZIP.
        </CardHeading>
        <a href={accountSecurityEndpoints.myData.path} download className={buttonClasses('secondary', 'md')}>
          Download my data
        </a>
      </div>
    </section>
  );
}

function ChangePasswordForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const change = useChangePassword();
  return (
    <PasswordForm
      withCurrentPassword
      focusOnOpen
      labelledBy="password-heading"
      className="flex max-w-md flex-col gap-4"
      header={
        <div>
          <h2 id="password-heading" className="text-lg font-semibold text-ink">
            Update password
          </h2>
          <p className="mt-0.5 text-sm text-muted">Your other devices will be signed out. This one stays signed in.</p>
        </div>
      }
      passwordLabel="New password"
      submitLabel="Save password"
      onCancel={onCancel}
      onSubmit={async (values) => {
        await change.mutateAsync(values);
        onDone();
      }}
    />
  );
}

/** A settings card's icon, heading and line of explanation. */
function CardHeading({ icon, id, title, children }: { icon: ReactNode; id: string; title: string; children: ReactNode }) {
  return (
    <div className="flex min-w-64 flex-1 items-start gap-3">
      <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-tint text-primary-tint-ink">
        {icon}
      </span>
      <div>
        <h2 id={id} className="text-lg font-semibold text-ink">
          {title}
        </h2>
        <p className="mt-0.5 text-sm text-muted">{children}</p>
      </div>
    </div>
  );
}
