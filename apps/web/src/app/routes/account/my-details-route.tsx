import { useEffect, useRef, useState } from 'react';
import { MailWarningIcon, PencilIcon } from 'lucide-react';
import { describeFormFields } from '@portal/shared/form-engine/form-schema';
import { guardianMessages, roleAllows } from '@portal/shared/guardian-schemas';
import { myDetailsMessages as dm } from '@portal/shared/my-details-schemas';
import { useCompanyFormContext } from '@/components/forms/use-engine-form';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { StatusMessage } from '@/components/ui/status-message';
import { errorMessage } from '@/lib/api-client';
import { useFormFields } from '@/entities/forms/get-form-fields';
import { useSettingsBackButton } from '@/lib/settings-back';
import { useDetails } from '@/entities/customer/get-details';
import { useCan, useCurrentUser } from '@/entities/customer/identity';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import { DetailsSummary } from '@/components/forms/details-summary';
import { DetailsForm } from '@/features/account/components/details-form';
import { EmailCodeModal } from '@/features/account/components/email-code-modal';
import { OwnDetails } from '@/features/family-access/components/own-details';

const TAB = 'My Details';

interface PendingCode {
  token: string;
  message: string;
  /** The code step is open; "Not now" closes it and keeps the token, so "Enter code" opens it again. */
  open: boolean;
}

/**
 * The code step of an address change outlives a reload of the tab (the token stays in this tab
 * only, for the family it was sent for): the code e-mailed can still be entered.
 */
const KEPT_CODE = 'portal-email-change';

/** Whose code step it is: the family, who signed in (the holder, or a guardian in a role), and the address it is for. */
interface CodeOwner {
  clientId: number | undefined;
  role: string | undefined;
  pendingEmail: string | null | undefined;
}

function keptCode(owner: CodeOwner): PendingCode | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEPT_CODE) ?? 'null') as (Omit<PendingCode, 'open'> & CodeOwner) | null;
    const same = kept && kept.clientId === owner.clientId && kept.role === owner.role && kept.pendingEmail === owner.pendingEmail;
    return same ? { token: kept.token, message: kept.message, open: false } : null;
  } catch {
    return null;
  }
}

function keepCode(owner: CodeOwner, code: PendingCode | null): void {
  try {
    if (code && owner.clientId !== undefined) sessionStorage.setItem(KEPT_CODE, JSON.stringify({ ...owner, token: code.token, message: code.message }));
    else sessionStorage.removeItem(KEPT_CODE);
  } catch {
    // Storage switched off: a reload asks for the address to be saved again, as before.
  }
}

/**
 * /hub/settings/my-details (K6–K12): the customer's record, edited with the company's customer form.
 * A guardian whose role does not read the family's details (a payer or a viewer) sees their own (decisions 101, 124).
 */
export default function MyDetailsRoute() {
  return roleAllows(useCurrentUser()?.Role, accountEndpoints.details) ? <FamilyDetails /> : <OwnDetails />;
}

function FamilyDetails() {
  const details = useDetails();
  const canEdit = useCan(accountEndpoints.updateDetails);
  // A co-parent edits their family's details but not its e-mail address (the holder's sign-in).
  const role = useCurrentUser()?.Role;
  const emailLockedNote = role && role !== 'holder' ? guardianMessages.emailHolderOnly : undefined;
  const formFields = useFormFields('customer');
  const context = useCompanyFormContext();
  const [editing, setEditing] = useState(false);
  const [status, setStatus] = useState<string | null>(null);
  const clientId = useCurrentUser()?.ClientID;
  // Undefined until this page starts or ends a code step: until then, what this tab kept for the address still waiting.
  const [chosen, setCodeNow] = useState<PendingCode | null | undefined>(undefined);
  const owner = (pendingEmail: string | null | undefined): CodeOwner => ({ clientId, role, pendingEmail });
  const pending = details.data?.PendingEmail;
  const code = chosen !== undefined ? chosen : pending ? keptCode(owner(pending)) : null;
  const setCode = (next: PendingCode | null, pendingEmail: string | null | undefined = pending) => {
    setCodeNow(next);
    keepCode(owner(pendingEmail), next);
  };
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  const stopEditing = () => {
    returnFocus.current = true;
    setEditing(false);
  };
  useSettingsBackButton(editing, TAB, stopEditing);
  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  if (details.isPending || formFields.isPending) {
    return (
      <div className="flex justify-center py-16 text-primary-ink">
        <Spinner label="Loading your details" />
      </div>
    );
  }
  if (details.isLoadingError || formFields.isLoadingError) {
    const failed = details.isLoadingError ? details : formFields;
    return (
      <div className="rounded-2xl border border-danger-line bg-danger-surface px-4 py-6 text-center text-sm text-danger">
        <p>{errorMessage(failed.error)}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void failed.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const record = details.data;

  return (
    <div className="flex flex-col gap-4">
      <StatusMessage message={status} onDismiss={() => setStatus(null)} />
      {!editing && record.PendingEmail ? (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-primary-line bg-primary-tint px-3.5 py-3 text-sm text-primary-tint-ink">
          <MailWarningIcon aria-hidden="true" className="size-5 shrink-0" />
          <p className="min-w-0 flex-1">
            {code
              ? `Your email address changes to ${record.PendingEmail} when you enter the code we sent there.`
              : `A code was sent to ${record.PendingEmail}. To get a new one, save that address again.`}
          </p>
          {code ? (
            <Button size="sm" onClick={() => setCode({ ...code, open: true })}>
              Enter code
            </Button>
          ) : null}
        </div>
      ) : null}
      <section aria-labelledby="details-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
        {editing ? (
          <DetailsForm
            record={record}
            formFields={formFields.data}
            context={context}
            onSaved={(answer) => {
              if (answer.emailToken) {
                setCode({ token: answer.emailToken, message: answer.message, open: true }, answer.updatedClient?.PendingEmail);
              } else {
                stopEditing();
                setStatus(answer.message);
              }
            }}
            onCancel={stopEditing}
            emailLockedNote={emailLockedNote}
          />
        ) : (
          <>
            <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
              <h2 id="details-heading" className="text-lg font-semibold text-ink">
                Your details
              </h2>
              {/* Only a role that may change the details reads them (decision 124); the check keeps the page to the one table. */}
              {canEdit ? (
                <Button
                  ref={editButton}
                  variant="secondary"
                  icon={<PencilIcon aria-hidden="true" className="size-4" />}
                  onClick={() => {
                    setStatus(null);
                    setEditing(true);
                  }}
                >
                  Edit details
                </Button>
              ) : null}
            </div>
            <DetailsSummary record={record} descriptors={describeFormFields('customer', formFields.data, context)} />
          </>
        )}
      </section>
      {code?.open ? (
        <EmailCodeModal
          token={code.token}
          message={code.message}
          onClose={() => {
            // The rest of the form was saved; the address waits for its code.
            if (editing) {
              stopEditing();
              setStatus(dm.profileUpdated);
            }
            setCode({ ...code, open: false });
          }}
          onConfirmed={(message) => {
            setCode(null);
            if (editing) stopEditing();
            setStatus(message);
          }}
        />
      ) : null}
    </div>
  );
}
