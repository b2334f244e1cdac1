import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { CheckIcon, Trash2Icon } from 'lucide-react';
import type { ClassSummary } from '@portal/shared/class-schemas';
import { ClassSearch } from '@/components/classes/class-search';
import { EnrolmentKindFields } from '@/components/classes/enrolment-kind-fields';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { classPlace } from '@/lib/class-format';
import { useConfig } from '@/entities/company/get-company-config';
import type { ChosenClass } from '../lib/registration-state';
import { ChosenClassLabel } from './chosen-class-label';
import { StepCard, type StepCardProps } from './step-card';

/** What the registration keeps of a class from the search. */
function choose(cls: ClassSummary, kind: { casual: boolean; date: string; waitlist: boolean }): ChosenClass {
  return {
    ClassID: cls.ClassID,
    Name: cls.Name,
    Day: cls.Day,
    Time: cls.Time,
    Venue: cls.Venue,
    PlacesLeft: cls.PlacesLeft,
    casual: kind.casual,
    dates: kind.casual ? [kind.date] : [],
    runs: cls.dates,
    waitlist: kind.waitlist,
    MinAge: cls.MinAge,
    MaxAge: cls.MaxAge,
  };
}

/**
 * N5, N8 addClasses: the profile's class search; the family adds one or more classes to the
 * registration. A full class is added as a waitlist place (nothing to pay); where the profile
 * allows casual enrolments, one session may be chosen instead of the rest of the term.
 */
export function ClassStep({
  profileId,
  allowCasual,
  classes,
  studentTerm,
  step,
  onAdd,
  onRemove,
  onNext,
  onBack,
  heldIn,
  waitingFor = () => null,
}: {
  profileId: number;
  allowCasual: boolean;
  classes: readonly ChosenClass[];
  studentTerm: string;
  step: StepCardProps['step'];
  onAdd: (cls: ChosenClass) => void;
  onRemove: (classId: number) => void;
  onNext: () => void;
  /** None where the class step opens the registration (a family signed in). */
  onBack?: () => void;
  /** The places the registration holds itself in a class (decision 109): the search counts them as taken, but they are this family's. */
  heldIn?: (classId: number) => number;
  /** A family signed in: what a full class says instead of "Join waitlist" when its children already wait for it. */
  waitingFor?: (classId: number) => string | null;
}) {
  // The class whose kind (term or one session) is being chosen.
  const config = useConfig();
  const [choosing, setChoosing] = useState<ClassSummary | null>(null);
  const [casual, setCasual] = useState(false);
  const [date, setDate] = useState('');
  const chosenIds = new Set(classes.map((c) => c.ClassID));
  const idBase = useId();
  // Each page of the search's answers updates the places of the classes on it the family chose for
  // the term (onResults stays one function, reading the chosen classes and onAdd as they are now):
  // the next step lets no more children into a class than fit, and one that filled since (another
  // family paid first) says so in "Your classes", with its waitlist instead.
  const latest = useRef({ classes, onAdd, heldIn });
  useLayoutEffect(() => {
    latest.current = { classes, onAdd, heldIn };
  });
  const onResults = useCallback((list: readonly ClassSummary[]) => {
    for (const fresh of list) {
      const mine = latest.current.classes.find((c) => c.ClassID === fresh.ClassID);
      const places = fresh.PlacesLeft + (latest.current.heldIn?.(fresh.ClassID) ?? 0);
      if (mine && !mine.waitlist && !mine.casual && mine.PlacesLeft !== places) latest.current.onAdd({ ...mine, PlacesLeft: places });
    }
  }, []);
  const filled = (c: ChosenClass) => !c.waitlist && !c.casual && c.PlacesLeft <= 0;
  const removeId = (classId: number) => `${idBase}-remove-${classId}`;
  const rowId = (classId: number) => `${idBase}-row-${classId}`;
  const addedId = (classId: number) => `${idBase}-added-${classId}`;
  // The class the family just added: the button pressed gives way to "Added", which takes the
  // focus where the button was, so a phone scrolled down the list stays there for the next child's
  // class ("Your classes" above shows it too); its row where the search no longer lists it.
  const added = useRef<number | null>(null);
  useEffect(() => {
    if (added.current === null) return;
    (document.getElementById(addedId(added.current)) ?? document.getElementById(rowId(added.current)))?.focus();
    added.current = null;
  });
  const addNow = (c: ChosenClass) => {
    added.current = c.ClassID;
    onAdd(c);
  };
  const waitInstead = (c: ChosenClass) => {
    onAdd({ ...c, casual: false, dates: [], waitlist: true });
    // The button goes with the mark: the focus stays on the class's row, at its Remove.
    requestAnimationFrame(() => document.getElementById(removeId(c.ClassID))?.focus());
  };

  // A class whose last places this family holds itself is not full for it (decision 109).
  const fullFor = (cls: ClassSummary) => cls.IsFull && cls.PlacesLeft + (heldIn?.(cls.ClassID) ?? 0) <= 0;
  const add = (cls: ClassSummary) => {
    if (fullFor(cls)) {
      addNow(choose(cls, { casual: false, date: '', waitlist: true }));
    } else if (allowCasual) {
      setCasual(false);
      setDate(cls.dates[0] ?? '');
      setChoosing(cls);
    } else {
      addNow(choose(cls, { casual: false, date: '', waitlist: false }));
    }
  };

  return (
    <StepCard
      title="Choose Classes"
      description={`Find the classes you would like to join and add them here. You choose which ${studentTerm.toLowerCase()} goes into each class next.`}
      step={step}
      onBack={onBack}
      action={
        <Button size="lg" onClick={onNext} disabled={classes.length === 0} className="sm:min-w-36">
          Next
        </Button>
      }
    >
      <section aria-labelledby="chosen-classes" className="mb-6 rounded-xl border border-line bg-canvas p-3 sm:p-4">
        <h2 id="chosen-classes" className="text-base font-semibold text-ink">
          Your classes
        </h2>
        {classes.length === 0 ? (
          <p className="mt-1 text-sm text-ink-soft">No classes added yet. Add at least one class from the list below.</p>
        ) : (
          <ul className="mt-3 flex flex-col gap-2" aria-label="Your classes">
            {classes.map((c) => (
              <li
                key={c.ClassID}
                id={rowId(c.ClassID)}
                tabIndex={-1}
                className="rounded-lg border border-line bg-surface py-2.5 pr-1 pl-3 focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-3"
              >
                <div className="flex items-start justify-between gap-2 sm:gap-3">
                  <ChosenClassLabel cls={c} />
                  <Button
                    id={removeId(c.ClassID)}
                    variant="ghost"
                    size="sm"
                    onClick={() => onRemove(c.ClassID)}
                    icon={<Trash2Icon aria-hidden="true" className="size-4" />}
                    aria-label={`Remove ${c.Name}`}
                    className="shrink-0"
                  >
                    <span className="hidden sm:inline">Remove</span>
                  </Button>
                </div>
                {filled(c) ? (
                  <div className="mt-2 flex flex-wrap items-center gap-2 border-t border-line-soft pt-2 pr-2 text-sm">
                    <Badge tone="red">Full now</Badge>
                    {waitingFor(c.ClassID) ? (
                      <span className="text-ink-soft">Another family took the last place. {waitingFor(c.ClassID)}: remove it and choose another class.</span>
                    ) : (
                      <>
                        <span className="text-ink-soft">Another family took the last place. Join its waitlist, or remove it and choose another class.</span>
                        <Button size="sm" variant="secondary" onClick={() => waitInstead(c)}>
                          Join waitlist instead
                          <span className="sr-only">: {c.Name}</span>
                        </Button>
                      </>
                    )}
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ClassSearch
        profileId={profileId}
        onResults={onResults}
        action={(c) =>
          chosenIds.has(c.ClassID) ? (
            <span
              id={addedId(c.ClassID)}
              tabIndex={-1}
              className="inline-flex items-center gap-1 rounded text-sm font-semibold text-success focus:outline-none focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
            >
              <CheckIcon aria-hidden="true" className="size-4" />
              Added
              <span className="sr-only"> to your classes: {c.Name}</span>
            </span>
          ) : fullFor(c) && waitingFor(c.ClassID) ? (
            <span className="text-sm font-medium text-ink-soft">{waitingFor(c.ClassID)}</span>
          ) : (
            <Button size="sm" variant={fullFor(c) ? 'secondary' : 'primary'} onClick={() => add(c)}>
              {fullFor(c) ? 'Join waitlist' : 'Add class'}
              <span className="sr-only">: {c.Name}</span>
            </Button>
          )
        }
      />
      <Modal
        open={choosing !== null}
        onOpenChange={(open) => (open ? undefined : setChoosing(null))}
        title="Add class"
        description={choosing ? `${choosing.Name} · ${classPlace(choosing, config.classes_setup?.TimeDisplay, config.localization.DateFormat)}` : undefined}
        footer={
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setChoosing(null)}>
              Cancel
            </Button>
            <Button
              disabled={casual && !date}
              onClick={() => {
                if (choosing) addNow(choose(choosing, { casual, date, waitlist: false }));
                setChoosing(null);
              }}
            >
              Add class
            </Button>
          </div>
        }
      >
        {choosing ? (
          <div className="flex flex-col gap-4">
            <EnrolmentKindFields cls={choosing} allowCasual casual={casual} date={date} onCasualChange={setCasual} onDateChange={setDate} />
          </div>
        ) : null}
      </Modal>
    </StepCard>
  );
}
