import { useId } from 'react';
import type { ClassSummary } from '@portal/shared/class-schemas';
import { SelectField } from '@/components/forms/select-field';
import { useConfig } from '@/entities/company/get-company-config';
import { dayAndDate } from '@/lib/class-format';
import { formatMoney } from '@/lib/format';

/**
 * How a class with places is taken (F13): the rest of the term, or one session (casual) where the
 * profile allows casual enrolments, with its date; then what that costs before any discounts.
 */
export function EnrolmentKindFields({
  cls,
  allowCasual,
  casual,
  date,
  takenDates = [],
  onCasualChange,
  onDateChange,
}: {
  cls: ClassSummary;
  allowCasual: boolean;
  casual: boolean;
  date: string;
  /** Sessions already in the cart for the child: shown, not offered again. */
  takenDates?: readonly string[];
  onCasualChange: (casual: boolean) => void;
  onDateChange: (date: string) => void;
}) {
  const config = useConfig();
  const name = useId();
  const price = casual ? (cls.CasualPrice ?? cls.Price) : cls.Price;
  const sessions = casual ? 1 : cls.dates.length;
  return (
    <>
      {allowCasual ? (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium text-ink">Enrollment</legend>
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="radio" name={name} checked={!casual} onChange={() => onCasualChange(false)} className="shrink-0" />
            Rest of the term ({cls.dates.length} sessions)
          </label>
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="radio" name={name} checked={casual} onChange={() => onCasualChange(true)} className="shrink-0" />
            One session (casual)
          </label>
        </fieldset>
      ) : null}
      {casual ? (
        <SelectField
          label="Date"
          placeholder={null}
          value={date}
          onChange={(e) => onDateChange(e.target.value)}
          options={cls.dates.map((d) => {
            const taken = takenDates.includes(d);
            return { value: d, label: `${dayAndDate(d, config.localization.DateFormat)}${taken ? ' (in your cart)' : ''}`, disabled: taken };
          })}
        />
      ) : null}
      <p className="text-sm text-ink-soft">
        {formatMoney(price, config.localization.CurrencySymbol)} per session × {sessions} = <strong className="text-ink">{formatMoney(price * sessions, config.localization.CurrencySymbol)}</strong>{' '}
        before any discounts
      </p>
    </>
  );
}
