import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlusIcon, UsersIcon } from 'lucide-react';
import { GUARDIAN_ROLES, INVITATION_DAYS, inviteGuardianSchema, roleDescription, roleLabels, type Guardian, type GuardianRole, type InviteGuardianInput } from '@portal/shared/guardian-schemas';
import { Button } from '@/components/ui/button';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { StatusMessage } from '@/components/ui/status-message';
import { TextField } from '@/components/ui/text-field';
import { SelectField } from '@/components/forms/select-field';
import { useConfig } from '@/entities/company/get-company-config';
import { useCurrentUser } from '@/entities/customer/identity';
import { errorMessage } from '@/lib/api-client';
import { studentTerm } from '@/lib/branding';
import { companyTimeZone, formatDate } from '@/lib/format';
import { showServerErrors } from '@/lib/server-field-errors';
import { useChangeRole, useFamilyAccess, useInviteGuardian, useRevokeGuardian, useWithdrawInvitation } from '../api/family-access';
import { useOneAtATime } from '@/lib/use-one-at-a-time';

const roleOptions = GUARDIAN_ROLES.map((role) => ({ value: role, label: roleLabels[role] }));
const card = 'rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6';

/**
 * Family access (issue 24, decision 101) in Login & Security: the holder invites other adults,
 * changes what each can do and removes them; a guardian reads what their own access is.
 */
export function FamilyAccess() {
  const user = useCurrentUser();
  const term = studentTerm(useConfig());
  const role = user?.Role ?? 'holder';
  if (role !== 'holder') {
    return (
      <section aria-labelledby="family-access-heading" className={card}>
        <Heading>
          You sign in to this family as a <strong className="text-ink">{roleLabels[role].toLowerCase()}</strong>: {roleDescription(role, term)} The account holder manages who has access.
        </Heading>
      </section>
    );
  }
  return <HolderFamilyAccess />;
}

function Heading({ children, action }: { children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4">
      <div className="flex min-w-64 flex-1 items-start gap-3">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-tint text-primary-tint-ink">
          <UsersIcon className="size-5" />
        </span>
        <div>
          <h2 id="family-access-heading" tabIndex={-1} className="text-lg font-semibold text-ink focus:outline-none">
            Family access
          </h2>
          <p className="mt-0.5 text-sm text-muted">{children}</p>
        </div>
      </div>
      {action}
    </div>
  );
}

function HolderFamilyAccess() {
  const access = useFamilyAccess(true);
  const [inviting, setInviting] = useState(false);
  // The form takes the button's place: closed (sent or cancelled), the focus goes back to the button.
  const inviteButton = useRef<HTMLButtonElement>(null);
  const closedForm = useRef(false);
  useEffect(() => {
    if (!inviting && closedForm.current) inviteButton.current?.focus();
  }, [inviting]);
  const closeForm = () => {
    closedForm.current = true;
    setInviting(false);
  };
  const [status, setStatus] = useState<string | null>(null);
  const withdraw = useWithdrawInvitation();
  const change = useChangeRole();
  const [removing, setRemoving] = useState<Guardian | null>(null);
  // A role chosen is asked about first (an arrow key on the closed list changes it, a step at a time).
  const [changing, setChanging] = useState<{ guardian: Guardian; role: GuardianRole } | null>(null);
  const config = useConfig();
  const dateFormat = config.localization.DateFormat;
  const zone = companyTimeZone(config);
  const failure = withdraw.error ?? change.error;
  const done = (answer: { message?: string | undefined }) => setStatus(answer.message ?? null);
  const guardians = access.data?.guardians ?? [];
  const invitations = access.data?.invitations ?? [];

  return (
    <section aria-labelledby="family-access-heading" className={card}>
      <Heading
        action={
          inviting ? null : (
            <Button
              ref={inviteButton}
              variant="secondary"
              onClick={() => {
                // What the last invitation said is not about the next one.
                setStatus(null);
                setInviting(true);
              }}
            >
              <UserPlusIcon aria-hidden="true" className="size-4" />
              Invite someone
            </Button>
          )
        }
      >
        Let another adult, a co-parent or a grandparent who pays, sign in to your family with their own e-mail and password.
      </Heading>
      <StatusMessage message={status} onDismiss={() => setStatus(null)} className="mt-4" />
      {failure ? (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(failure)}
        </p>
      ) : null}
      {inviting ? (
        <InviteForm
          onDone={(message) => {
            closeForm();
            setStatus(message);
          }}
          onCancel={closeForm}
        />
      ) : null}
      {guardians.length + invitations.length > 0 ? (
        <ul aria-label="People with access" className="mt-4 divide-y divide-line rounded-xl border border-line">
          {guardians.map((g) => (
            <li key={`g${g.id}`} className="flex flex-wrap items-end justify-between gap-3 p-4">
              <div className="min-w-48 flex-1">
                <p className="font-semibold text-ink">
                  {g.first_name} {g.last_name}
                </p>
                <p className="text-sm break-all text-muted">{g.email}</p>
              </div>
              <SelectField
                label={<span className="sr-only">What {g.first_name} can do</span>}
                aria-label={`What ${g.first_name} ${g.last_name} can do`}
                placeholder={null}
                options={roleOptions}
                value={g.role}
                className="w-40"
                onChange={(e) => setChanging({ guardian: g, role: e.target.value as GuardianRole })}
              />
              <Button variant="ghost" onClick={() => setRemoving(g)}>
                Remove
              </Button>
            </li>
          ))}
          {invitations.map((i) => (
            <li key={`i${i.id}`} className="flex flex-wrap items-center justify-between gap-3 p-4">
              <div className="min-w-48 flex-1">
                <p className="font-semibold text-ink">
                  {i.first_name} {i.last_name} <span className="ml-1 rounded-full bg-surface-muted px-2 py-0.5 text-xs font-semibold text-muted">Invited</span>
                </p>
                <p className="text-sm break-all text-muted">
                  {i.email} · {roleLabels[i.role]} · link works until {formatDate(i.expires_at, dateFormat, zone)}
                </p>
              </div>
              <Button
                variant="ghost"
                loading={withdraw.isPending && withdraw.variables === i.id}
                onClick={() =>
                  withdraw.mutate(i.id, {
                    // Its row goes: the focus waits on Invite someone, not dropped to the top of the page.
                    onSuccess: (answer) => {
                      done(answer);
                      // (With the invitation form open, its button is not there: the section's heading.)
                      (inviteButton.current ?? document.getElementById('family-access-heading'))?.focus();
                    },
                  })
                }
              >
                Withdraw
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {removing ? <RemoveGuardian guardian={removing} onClose={() => setRemoving(null)} onDone={done} /> : null}
      {changing ? (
        <Modal
          open
          onOpenChange={(open) => !open && setChanging(null)}
          title={`Change what ${changing.guardian.first_name} ${changing.guardian.last_name} can do?`}
          description={`${changing.guardian.first_name} becomes a ${roleLabels[changing.role].toLowerCase()}. ${roleDescription(changing.role, studentTerm(config))}`}
          footer={
            <>
              <Button variant="secondary" onClick={() => setChanging(null)}>
                Keep as {roleLabels[changing.guardian.role].toLowerCase()}
              </Button>
              <Button loading={change.isPending} onClick={() => change.mutate({ id: changing.guardian.id, role: changing.role }, { onSuccess: done, onSettled: () => setChanging(null) })}>
                Make {roleLabels[changing.role].toLowerCase()}
              </Button>
            </>
          }
        />
      ) : null}
    </section>
  );
}

function RemoveGuardian({ guardian, onClose, onDone }: { guardian: Guardian; onClose: () => void; onDone: (answer: { message?: string | undefined }) => void }) {
  const revoke = useRevokeGuardian();
  const revokeOnce = useOneAtATime(revoke);
  const name = `${guardian.first_name} ${guardian.last_name}`;
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Remove ${name}?`}
      description={`${name} is signed out at once and can no longer sign in to your family. You can invite them again later.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Keep access
          </Button>
          <Button variant="danger" loading={revoke.isPending} onClick={() => revokeOnce(guardian.id, { onSuccess: onDone, onSettled: onClose })}>
            Remove
          </Button>
        </>
      }
    />
  );
}

function InviteForm({ onDone, onCancel }: { onDone: (message: string | null) => void; onCancel: () => void }) {
  const invite = useInviteGuardian();
  const term = studentTerm(useConfig());
  const [error, setError] = useState<string | null>(null);
  // Checked when sent, then as corrected: a message appearing as the first box (focused on opening) is left
  // would move the role cards under the pointer on its way to one of them, and the click would miss.
  const form = useForm<InviteGuardianInput>({
    resolver: zodResolver(inviteGuardianSchema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues: { first_name: '', last_name: '', email: '', role: 'co-parent' },
  });
  const { register, formState, watch, setFocus } = form;
  const errors = formState.errors;
  // Opened from its button, the form takes the focus at its first field.
  useEffect(() => setFocus('first_name'), [setFocus]);
  const role = watch('role');
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      onDone((await invite.mutateAsync(values)).message ?? null);
    } catch (e) {
      setError(showServerErrors(e, form.setError, ['first_name', 'last_name', 'email', 'role']));
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-labelledby="invite-heading" className="mt-5 flex flex-col gap-4 rounded-xl bg-surface-muted p-4 sm:p-5">
      <h3 id="invite-heading" className="font-semibold text-ink">
        Invite someone to your family
      </h3>
      <ErrorBox message={error} onDismiss={() => setError(null)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="off" error={errors.first_name?.message} {...register('first_name')} />
        <TextField label="Last name" autoComplete="off" error={errors.last_name?.message} {...register('last_name')} />
      </div>
      <TextField label="Email" type="email" autoComplete="off" inputMode="email" error={errors.email?.message} {...register('email')} />
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-ink">What they can do</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {GUARDIAN_ROLES.map((r) => (
            <label key={r} className={`flex cursor-pointer gap-2 rounded-lg border bg-surface p-3 text-sm ${role === r ? 'border-primary ring-1 ring-primary' : 'border-line'}`}>
              <input type="radio" value={r} className="mt-0.5 size-4 shrink-0 accent-[var(--color-primary)]" {...register('role')} />
              <span>
                <span className="block font-semibold text-ink">{roleLabels[r]}</span>
                <span className="block text-muted">{roleDescription(r, term)}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <p className="text-sm text-muted">They get an e-mail with a link that works once, for {INVITATION_DAYS} days.</p>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={formState.isSubmitting}>
          Cancel
        </Button>
        <Button type="submit" loading={formState.isSubmitting}>
          Send invitation
        </Button>
      </div>
    </form>
  );
}
