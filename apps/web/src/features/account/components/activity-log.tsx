import { useMemo, useState } from 'react';
import { HistoryIcon } from 'lucide-react';
import type { ActivityEntry } from '@portal/shared/activity-schemas';
import { Pager } from '@/components/ui/pager';
import { Spinner } from '@/components/ui/spinner';
import { EmptyState } from '@/components/ui/list-states';
import type { FormFields, FormKind } from '@portal/shared/form-config';
import { describeFormFields } from '@portal/shared/form-engine/form-schema';
import type { FormInputDescriptor } from '@portal/shared/form-engine/form-types';
import { itemLabels } from '@/components/forms/details-summary';
import { useConfig } from '@/entities/company/get-company-config';
import { familyRecords } from '@/lib/branding';
import { useFormFields } from '@/entities/forms/get-form-fields';
import { useCompanyFormContext } from '@/components/forms/use-engine-form';
import { useCurrentUser } from '@/entities/customer/identity';
import { errorMessage } from '@/lib/api-client';
import { companyTimeZone, formatDate, formatDateTime } from '@/lib/format';
import { useActivity } from '../api/activity';

interface Named {
  label: string;
  input: FormInputDescriptor;
}

/**
 * The company's words for a form's fields by the key a change names them with ("Email2" →
 * "Secondary email"), with the input that says a value in words (an item's name, a date).
 */
function labelsOf(kind: FormKind, formFields: FormFields | undefined, context: ReturnType<typeof useCompanyFormContext>): Map<string, Named> {
  const labels = new Map<string, Named>();
  if (!formFields) return labels;
  for (const field of describeFormFields(kind, formFields, context)) {
    for (const input of field.inputs) labels.set(input.key, { label: field.kind === 'billingAddress' && input.label !== field.label ? `${field.label}: ${input.label}` : input.label, input });
  }
  return labels;
}

/**
 * The family's activity log on Login & Security (issue 24, decision 098): every change to its
 * data, newest first, with who made it, when and what changed. Read only.
 */
export function ActivityLog() {
  const config = useConfig();
  const [page, setPage] = useState(1);
  const activity = useActivity(page);
  const customerForm = useFormFields('customer');
  const studentForm = useFormFields('student');
  const context = useCompanyFormContext();
  const labels = useMemo(
    () => ({ customer: labelsOf('customer', customerForm.data, context), student: labelsOf('student', studentForm.data, context) }),
    [customerForm.data, studentForm.data, context],
  );
  const named = (e: ActivityEntry, field: string) => (e.kind === 'student' ? labels.student : labels.customer).get(field);
  // "From → to" of a change in the form's words: a list's item by name, a date in the company's format; "(empty)" for none.
  const value = (input: FormInputDescriptor | undefined, v: string | null) => {
    if (v === null) return '(empty)';
    if (input?.kind === 'date') return formatDate(v, config.localization.DateFormat) || v;
    return input?.items ? itemLabels(input, v) : v;
  };
  const zone = companyTimeZone(config);
  // A guardian's change is signed with their name (decision 101); the holder's is "You" to the holder.
  const me = useCurrentUser();
  const myName = me?.Role && me.Role !== 'holder' ? `${me.FirstName} ${me.LastName}` : undefined;
  const who = (e: ActivityEntry) => (e.actor === 'company' ? config.CompanyDisplayName : e.by ? (e.by === myName ? 'You' : e.by) : myName ? 'Account holder' : 'You');

  return (
    <section aria-labelledby="activity-heading" className="rounded-2xl border border-line bg-surface p-5 shadow-sm sm:p-6">
      <div className="flex items-start gap-3">
        <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-primary-tint text-primary-tint-ink">
          <HistoryIcon className="size-5" />
        </span>
        <div>
          <h2 id="activity-heading" className="text-lg font-semibold text-ink">
            Activity
          </h2>
          <p className="mt-0.5 text-sm text-muted">Every change to your family’s details, {familyRecords(config)}, payments and agreements, and sign-ins from a new device.</p>
        </div>
      </div>
      {activity.isPending ? (
        <Spinner label="Loading your activity" className="py-10" />
      ) : activity.isLoadingError ? (
        <p role="alert" className="mt-4 text-sm text-danger">
          {errorMessage(activity.error)}
        </p>
      ) : activity.data.entries.length === 0 ? (
        <EmptyState icon={<HistoryIcon className="size-7" />} text="Nothing has changed yet" />
      ) : (
        <>
          <ol className="mt-4 divide-y divide-line-soft" aria-label="Activity, newest first">
            {activity.data.entries.map((e, i) => (
              <li key={`${e.at}-${i}`} className="py-3">
                <p className="text-sm font-medium text-ink">{e.summary}</p>
                <p className="mt-0.5 text-xs text-muted">
                  {who(e)} · <time dateTime={e.at}>{formatDateTime(e.at, config.localization.DateFormat, zone, false)}</time>
                </p>
                {e.changes.length > 0 ? (
                  <ul className="mt-1.5 space-y-0.5 text-xs break-words text-ink-soft">
                    {e.changes.map((c) => {
                      const field = named(e, c.field);
                      return (
                        <li key={c.field}>
                          {field?.label ?? c.field}: {value(field?.input, c.from)} → {value(field?.input, c.to)}
                        </li>
                      );
                    })}
                  </ul>
                ) : null}
              </li>
            ))}
          </ol>
          <Pager page={page} current={activity.data.current_page} total={activity.data.total_pages} onPage={setPage} className="mt-4" />
        </>
      )}
    </section>
  );
}
