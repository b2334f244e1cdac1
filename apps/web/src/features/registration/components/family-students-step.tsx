import { InfoIcon, UserRoundIcon } from 'lucide-react';
import { agesText, outsideAges } from '@portal/shared/class-schemas';
import { registrationMessages as rm } from '@portal/shared/registration-schemas';
import { CheckboxField } from '@/components/forms/checkbox-field';
import { Button } from '@/components/ui/button';
import { leftOut, overPlaces, type ChosenClass } from '../lib/registration-state';
import { ChosenClassLabel } from './chosen-class-label';
import { StepCard, type StepCardProps } from './step-card';

/** One of the family's own students, as the class step lists them. */
export interface FamilyStudent {
  StudentID: number;
  FirstName: string;
  LastName: string;
  /** Today's age, where the date of birth is known: a class outside it is not offered. */
  Age?: number | null;
}

/**
 * N12, N15, N18: an existing family puts its own students into the classes it chose. It adds,
 * edits or removes no student here (the spec's message says where to), and Next waits until at
 * least one class is chosen overall: a student may sit this registration out.
 */
export function FamilyStudentsStep({
  students,
  companyName,
  studentTerm,
  chosen,
  assigned,
  enrolledIn = () => false,
  waitingIn = () => false,
  onToggle,
  onChangeClasses,
  step,
  onNext,
  onBack,
}: {
  students: readonly FamilyStudent[];
  companyName: string;
  studentTerm: string;
  chosen: readonly ChosenClass[];
  /** ClassIDs per StudentID. */
  assigned: Readonly<Record<number, readonly number[]>>;
  /** Whether the student already attends the class: not offered again. */
  enrolledIn?: (studentId: number, classId: number) => boolean;
  /** Whether the student already waits for the class: not offered its waitlist again. */
  waitingIn?: (studentId: number, classId: number) => boolean;
  onToggle: (studentId: number, classId: number, on: boolean) => void;
  onChangeClasses: () => void;
  step: StepCardProps['step'];
  onNext: () => void;
  onBack: () => void;
}) {
  const none = !students.some((s) => (assigned[s.StudentID] ?? []).length > 0);
  const takenIn = (classId: number) => Object.values(assigned).filter((ids) => ids.includes(classId)).length;
  const tooMany = overPlaces(chosen, takenIn, studentTerm);
  const unused = leftOut(chosen, takenIn, studentTerm);
  const why = none ? 'family-needs-class' : tooMany ? 'family-too-many' : undefined;
  return (
    <StepCard
      title={`${studentTerm}s`}
      description={`Choose the classes each ${studentTerm.toLowerCase()} goes into.`}
      step={step}
      onBack={onBack}
      action={
        <div className="flex flex-col gap-2 sm:items-end">
          {none ? (
            <p id="family-needs-class" className="text-sm text-ink-soft">
              Choose at least one class to go on.
            </p>
          ) : tooMany ? (
            <p id="family-too-many" role="status" className="text-sm font-medium text-danger">
              {tooMany}
            </p>
          ) : unused ? (
            <p role="status" className="text-sm text-ink-soft">
              {unused}
            </p>
          ) : null}
          <Button size="lg" onClick={onNext} disabled={why !== undefined} aria-describedby={why} className="sm:min-w-36">
            Next
          </Button>
        </div>
      }
    >
      <p className="mb-4 flex gap-2 rounded-xl border border-primary-line bg-primary-tint px-4 py-3 text-sm text-primary-tint-ink">
        <InfoIcon aria-hidden="true" className="mt-0.5 size-4.5 shrink-0" />
        <span>To change who is in your family, {rm.existingStudents(companyName)}.</span>
      </p>
      <ul className="flex flex-col gap-3">
        {students.map((s) => {
          const name = `${s.FirstName} ${s.LastName}`.trim();
          const mine = assigned[s.StudentID] ?? [];
          return (
            <li key={s.StudentID} className="flex flex-col gap-2 rounded-xl border border-line px-4 py-3">
              <span className="flex min-w-0 items-center gap-3">
                <span aria-hidden="true" className="grid size-9 shrink-0 place-items-center rounded-full bg-primary-tint text-primary-ink">
                  <UserRoundIcon className="size-4.5" />
                </span>
                <span className="min-w-0 flex-1 font-semibold text-ink wrap-anywhere">{name}</span>
              </span>
              <fieldset className="flex flex-col gap-1 border-t border-line-soft pt-2">
                <legend className="sr-only">Classes for {name}</legend>
                <p aria-hidden="true" className="text-xs font-semibold tracking-wide text-ink-soft uppercase">
                  Classes
                </p>
                {chosen.map((c) => {
                  const already = enrolledIn(s.StudentID, c.ClassID);
                  const waiting = c.waitlist && waitingIn(s.StudentID, c.ClassID);
                  const tooYoungOrOld = outsideAges(s.Age, c.MinAge, c.MaxAge);
                  const checked = !already && !waiting && !tooYoungOrOld && mine.includes(c.ClassID);
                  const full = !c.waitlist && !checked && takenIn(c.ClassID) >= c.PlacesLeft;
                  return (
                    <CheckboxField
                      key={c.ClassID}
                      checked={checked}
                      disabled={full || already || waiting || tooYoungOrOld}
                      onChange={(e) => onToggle(s.StudentID, c.ClassID, e.target.checked)}
                      className="items-start py-1"
                      label={
                        <>
                          <ChosenClassLabel cls={c} />
                          {already ? (
                            <span className="text-xs text-ink-soft">Already enrolled in this class</span>
                          ) : waiting ? (
                            <span className="text-xs text-ink-soft">Already on the waitlist for this class</span>
                          ) : tooYoungOrOld ? (
                            <span className="text-xs text-ink-soft">
                              For {agesText(c.MinAge, c.MaxAge)}: {s.FirstName} is {s.Age}
                            </span>
                          ) : full ? (
                            <span className="text-xs text-ink-soft">No places left for another {studentTerm.toLowerCase()}</span>
                          ) : null}
                        </>
                      }
                    />
                  );
                })}
              </fieldset>
            </li>
          );
        })}
      </ul>
      <div className="mt-4">
        <Button variant="ghost" onClick={onChangeClasses}>
          Change classes
        </Button>
      </div>
    </StepCard>
  );
}
