import { useId, useState } from 'react';
import { PencilIcon, PlusIcon, Trash2Icon, UserRoundIcon } from 'lucide-react';
import { agesText, classMessages, outsideAges } from '@portal/shared/class-schemas';
import type { FormValues } from '@portal/shared/form-engine/form-types';
import { isValidPastDate, replaceEarlyYear } from '@portal/shared/form-engine/value-rules';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { leftOut, overPlaces, type ChosenClass, type RegistrationState } from '../lib/registration-state';
import { ChosenClassLabel } from './chosen-class-label';
import { StepCard, type StepCardProps } from './step-card';

/** The class step's choices and which of them each student goes into (N14). */
export interface ClassAssignment {
  chosen: readonly ChosenClass[];
  /** ClassIDs per student, in the order of the students. */
  assigned: readonly (readonly number[])[];
  /** Each student's age today, by the date of birth entered (null before one is): a class outside it is not offered (decision 118). */
  ages: readonly (number | null)[];
  onToggle: (student: number, classId: number, on: boolean) => void;
  onChangeClasses: () => void;
}

/** The spec's confirmation, in its words (N16). */
const REMOVE_STUDENT_QUESTION = 'Are you sure you want to remove this student?';

/** A student's name as typed (first and last), or '' before either is. */
export function nameOf(values: FormValues): string {
  return [values.FirstName, values.LastName]
    .map((v) => (typeof v === 'string' ? v.trim() : ''))
    .filter(Boolean)
    .join(' ');
}

/** The date of birth as typed (yyyy-MM-dd, an early year read as the student form reads it), or null before a whole one is. */
export function birthDateOf(values: FormValues, today: string): string | null {
  const dob = typeof values.DOB === 'string' ? values.DOB.trim() : '';
  return isValidPastDate(dob, today) ? replaceEarlyYear(dob, today) : null;
}

/** What the i-th student (0-based) is called: the name as typed, or e.g. "Student 2" before it is. */
export function studentLabel(values: FormValues, i: number, studentTerm: string): string {
  return nameOf(values) || `${studentTerm} ${i + 1}`;
}

/** A chosen class with the students put into it ("Tadpoles – Mia Shah – Leo Shah"). */
export function classWithStudents(state: Pick<RegistrationState, 'classes' | 'students' | 'studentClasses'>, classId: number, studentTerm: string): string {
  const name = state.classes.find((c) => c.ClassID === classId)?.Name ?? 'A class';
  const students = state.students.flatMap((values, i) => ((state.studentClasses[i] ?? []).includes(classId) ? [studentLabel(values, i, studentTerm)] : []));
  return [name, ...students].join(' – ');
}

/**
 * N11, N14, N16: the students added so far, each editable and removable, and Next to the customer
 * form. With a class step each student is put into one or more of the chosen classes, and Next
 * waits until every student has one.
 */
export function StudentsListStep({
  students,
  studentTerm,
  classes,
  step,
  onAdd,
  onEdit,
  onRemove,
  onNext,
  onBack,
}: {
  students: readonly FormValues[];
  studentTerm: string;
  classes?: ClassAssignment;
  step: StepCardProps['step'];
  onAdd: () => void;
  onEdit: (index: number) => void;
  onRemove: (index: number) => void;
  onNext: () => void;
  onBack: () => void;
}) {
  const [removing, setRemoving] = useState<number | null>(null);
  // The students whose classes the family has ticked or unticked: only theirs shows a missing class as an error.
  const [touched, setTouched] = useState<readonly number[]>([]);
  const ids = useId();
  const labelOf = (student: FormValues, i: number) => studentLabel(student, i, studentTerm);
  const withoutClass = classes ? students.some((_, i) => (classes.assigned[i] ?? []).length === 0) : false;
  const takenIn = (classId: number) => (classes?.assigned ?? []).filter((ids) => ids.includes(classId)).length;
  const tooMany = classes ? overPlaces(classes.chosen, takenIn, studentTerm) : null;
  const unused = classes && students.length > 0 ? leftOut(classes.chosen, takenIn, studentTerm) : null;
  const tooYoungOrOld = (i: number, c: ChosenClass) => outsideAges(classes?.ages[i], c.MinAge, c.MaxAge);
  // A class chosen for a student whose date of birth puts them outside its ages (entered or changed since), in the server's words.
  const outOfAges = classes
    ? (students.flatMap((student, i) =>
        classes.chosen
          .filter((c) => (classes.assigned[i] ?? []).includes(c.ClassID) && tooYoungOrOld(i, c))
          .map((c) => classMessages.outsideAgeRange(labelOf(student, i), c.Name, classes.ages[i]!, c.MinAge ?? null, c.MaxAge ?? null)),
      )[0] ?? null)
    : null;
  // Until then Next, held, says why in plain words: nothing is red before the family has done anything.
  const missingClass = (i: number) => classes !== undefined && touched.includes(i) && (classes.assigned[i] ?? []).length === 0;
  const why = withoutClass ? 'students-need-class' : outOfAges ? 'students-outside-ages' : tooMany ? 'students-too-many' : undefined;
  return (
    <StepCard
      title={`${studentTerm}s`}
      description={
        classes
          ? `Add everyone taking part (up to 10 ${studentTerm.toLowerCase()}s) and choose the classes each of them goes into.`
          : `Add everyone taking part. You can add up to 10 ${studentTerm.toLowerCase()}s.`
      }
      step={step}
      onBack={onBack}
      action={
        <div className="flex flex-col gap-2 sm:items-end">
          {withoutClass ? (
            <p id="students-need-class" className="text-sm text-ink-soft">
              Choose a class for each {studentTerm.toLowerCase()} to go on.
            </p>
          ) : outOfAges ? (
            <p id="students-outside-ages" role="status" className="text-sm font-medium text-danger">
              {outOfAges}
            </p>
          ) : tooMany ? (
            <p id="students-too-many" role="status" className="text-sm font-medium text-danger">
              {tooMany}
            </p>
          ) : unused ? (
            <p role="status" className="text-sm text-ink-soft">
              {unused}
            </p>
          ) : null}
          <Button size="lg" onClick={onNext} disabled={students.length === 0 || why !== undefined} aria-describedby={why} className="sm:min-w-36">
            Next
          </Button>
        </div>
      }
    >
      <ul className="flex flex-col gap-3">
        {students.map((student, i) => (
          <li key={i} className="flex flex-col gap-2 rounded-xl border border-line px-4 py-3 sm:flex-row sm:flex-wrap sm:items-center sm:gap-3">
            <span className="flex min-w-0 flex-1 items-center gap-3">
              <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-tint text-primary-ink">
                <UserRoundIcon className="size-4.5" />
              </span>
              <span className="min-w-0 flex-1 font-semibold text-ink wrap-anywhere">{labelOf(student, i)}</span>
            </span>
            <span className="ml-9 flex gap-1 sm:ml-0">
              <Button variant="ghost" size="sm" onClick={() => onEdit(i)} icon={<PencilIcon aria-hidden="true" className="size-4" />} aria-label={`Edit ${labelOf(student, i)}`}>
                Edit
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setRemoving(i)} icon={<Trash2Icon aria-hidden="true" className="size-4" />} aria-label={`Remove ${labelOf(student, i)}`}>
                Remove
              </Button>
            </span>
            {classes ? (
              <fieldset aria-describedby={missingClass(i) ? `${ids}-${i}-no-class` : undefined} className="flex flex-col gap-1 border-t border-line-soft pt-2 sm:basis-full">
                <legend className="sr-only">Classes for {labelOf(student, i)}</legend>
                <p aria-hidden="true" className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
                  Classes
                </p>
                {classes.chosen.map((c) => {
                  const checked = (classes.assigned[i] ?? []).includes(c.ClassID);
                  const full = !c.waitlist && !checked && takenIn(c.ClassID) >= c.PlacesLeft;
                  // Outside the student's ages: not offered, but one chosen before the date of birth said so stays ticked, to be taken off.
                  const outside = tooYoungOrOld(i, c);
                  const firstName = (typeof student.FirstName === 'string' && student.FirstName.trim()) || labelOf(student, i);
                  return (
                    <CheckboxField
                      key={c.ClassID}
                      checked={checked}
                      disabled={full || (outside && !checked)}
                      onChange={(e) => {
                        setTouched((was) => (was.includes(i) ? was : [...was, i]));
                        classes.onToggle(i, c.ClassID, e.target.checked);
                      }}
                      className="items-start py-1"
                      label={
                        <>
                          <ChosenClassLabel cls={c} />
                          {outside ? (
                            <span className={checked ? 'text-xs font-medium text-danger' : 'text-xs text-ink-soft'}>
                              For {agesText(c.MinAge, c.MaxAge)}: {firstName} is {classes.ages[i]}
                            </span>
                          ) : full ? (
                            <span className="text-xs text-ink-soft">No places left for another {studentTerm.toLowerCase()}</span>
                          ) : null}
                        </>
                      }
                    />
                  );
                })}
                {/* Always in the page, so the message is announced as it appears (a class unticked). */}
                <p id={`${ids}-${i}-no-class`} aria-live="polite" className="text-sm font-medium text-danger empty:hidden">
                  {missingClass(i) ? 'Choose at least one class.' : null}
                </p>
              </fieldset>
            ) : null}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        {students.length < 10 ? (
          <Button variant="secondary" onClick={onAdd} icon={<PlusIcon aria-hidden="true" className="size-4" />}>
            {students.length === 0 ? `Add a ${studentTerm.toLowerCase()}` : `Add another ${studentTerm.toLowerCase()}`}
          </Button>
        ) : null}
        {classes ? (
          <Button variant="ghost" onClick={classes.onChangeClasses}>
            Change classes
          </Button>
        ) : null}
      </div>
      <Modal
        open={removing !== null}
        onOpenChange={(open) => (open ? undefined : setRemoving(null))}
        title={REMOVE_STUDENT_QUESTION}
        size="sm"
        footer={
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="ghost" onClick={() => setRemoving(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                if (removing !== null) {
                  onRemove(removing);
                  setTouched((was) => was.filter((i) => i !== removing).map((i) => (i > removing ? i - 1 : i)));
                }
                setRemoving(null);
              }}
            >
              Remove
            </Button>
          </div>
        }
      />
    </StepCard>
  );
}
