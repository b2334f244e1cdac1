import { GENDER_ITEMS, REG_ID_PLACEHOLDER, type FormFieldDescriptor, type FormInputDescriptor } from '@portal/shared/form-engine/form-types';

type Values = Record<string, unknown>;

function text(v: unknown): string {
  if (Array.isArray(v)) return v.map(text).filter(Boolean).join(',');
  return typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '';
}

/** A chosen item's label (selects, yes/no, multi-selects as "A, B"). */
export function itemLabels(input: FormInputDescriptor, value: unknown): string {
  const chosen = text(value)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  return chosen.map((v) => input.items?.find((i) => String(i.value) === v)?.label ?? v).join(', ');
}

/** An address's lines; none when only its State is set (the menu starts on the company's state). */
function addressLines(record: Values, prefix: '' | 'Billing'): string[] {
  const line = (key: string) => text(record[`${prefix}${key}`]);
  if (['Address1', 'Address2', 'Suburb', 'Postcode'].every((key) => line(key) === '')) return [];
  const place = [line('Suburb'), line('State'), line('Postcode')].filter(Boolean).join(' ');
  return [line('Address1'), line('Address2'), place].filter(Boolean);
}

/** What one field of the record says, as lines of text ([] when empty). */
function shown(field: FormFieldDescriptor, record: Values): string[] {
  const [input] = field.inputs;
  switch (field.kind) {
    case 'gender': {
      const type = text(record.GenderType);
      if (!type) return [];
      const label = GENDER_ITEMS.find((g) => g.value === type)?.label ?? type;
      return [type === 'Other' && text(record.GenderOther) ? `${label} (${text(record.GenderOther)})` : label];
    }
    case 'address':
      return addressLines(record, '');
    case 'billingAddress':
      return record.BillingAddrSame === true ? ['Same as address'] : addressLines(record, 'Billing');
    case 'select':
    case 'yesNo':
    case 'multiSelect':
      return input ? [itemLabels(input, record[input.key])].filter(Boolean) : [];
    default: {
      if (!input) return [];
      const value = text(record[input.key]);
      if (field.name === 'regID') return [value || REG_ID_PLACEHOLDER];
      return value ? value.split('\n') : [];
    }
  }
}

/**
 * K6, N24: the customer's fields the company's form shows, in its order and words, from a stored
 * record or from the values of a form not yet sent.
 */
export function DetailsSummary({ record, descriptors }: { record: Values; descriptors: readonly FormFieldDescriptor[] }) {
  return (
    <dl className="grid gap-x-6 gap-y-5 sm:grid-cols-2">
      {descriptors.map((field) => {
        const lines = shown(field, record);
        const wide = field.kind === 'address' || field.kind === 'billingAddress' || field.kind === 'textarea';
        return (
          // min-w-0 and wrap-anywhere: a long e-mail address wraps inside the card instead of widening the page.
          <div key={field.name} className={wide ? 'min-w-0 sm:col-span-2' : 'min-w-0'}>
            <dt className="text-xs font-semibold tracking-wide text-muted uppercase">{field.label}</dt>
            <dd className="mt-1 text-base wrap-anywhere text-ink">
              {lines.length === 0 ? (
                <span className="text-muted">Not provided</span>
              ) : (
                lines.map((l, i) => (
                  <span key={i} className="block">
                    {l}
                  </span>
                ))
              )}
            </dd>
          </div>
        );
      })}
    </dl>
  );
}
