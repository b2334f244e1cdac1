import { useCallback, useEffect, useState } from 'react';
import type { FormValues } from '@portal/shared/form-engine/form-types';
import type { PaymentMethod } from '@portal/shared/payment-schemas';

/**
 * N5: the pages a registration keeps its place on. addClasses and checkout come only with a class
 * step (N8), addStudent and studentsList only without SkipStudents (N17). The last page,
 * classRegistration, shows the submission's answer and is never stored: the state is gone by then.
 */
export const REGISTRATION_PAGES = ['titlePage', 'addClasses', 'addStudent', 'studentsList', 'addCustomer', 'viewCustomer', 'agreements', 'checkout'] as const;
export type RegistrationPage = (typeof REGISTRATION_PAGES)[number];

/** A class chosen on the class step, with what the later pages show of it. */
export interface ChosenClass {
  ClassID: number;
  Name: string;
  Day: number;
  Time: string;
  Venue: string;
  /** Places free when it was chosen: no more students than these go into it. */
  PlacesLeft: number;
  /** One session (the date in `dates`) instead of the rest of the term. */
  casual: boolean;
  dates: string[];
  /** Its sessions ahead when it was chosen, for saying when it runs (a holiday class on several weekdays); never sent. */
  runs?: readonly string[];
  /** A full class, joined as a waitlist place (nothing to pay). */
  waitlist: boolean;
  /** The class's ages: a family's child outside them is not offered it. */
  MinAge?: number | null;
  MaxAge?: number | null;
}

/** The chosen classes with `cls` added, or put in the place of the same class chosen before (its waitlist instead). */
export function withClass(list: readonly ChosenClass[], cls: ChosenClass): ChosenClass[] {
  return list.some((c) => c.ClassID === cls.ClassID) ? list.map((c) => (c.ClassID === cls.ClassID ? cls : c)) : [...list, cls];
}

/**
 * A chosen class given more children than it has places left (read again since it was chosen):
 * what the step says, or null when every class fits.
 */
export function overPlaces(chosen: readonly ChosenClass[], takenIn: (classId: number) => number, studentTerm: string): string | null {
  const over = chosen.find((c) => !c.waitlist && takenIn(c.ClassID) > c.PlacesLeft);
  if (!over) return null;
  const n = over.PlacesLeft;
  const term = studentTerm.toLowerCase();
  return n === 0
    ? `${over.Name} is full now: take it off, or choose its waitlist in the classes.`
    : `${over.Name} has ${n} ${n === 1 ? 'place' : 'places'} left: choose it for no more than ${n} ${n === 1 ? term : `${term}s`}.`;
}

/**
 * The classes chosen that no student is put into, said before Next leaves them out (a waitlist
 * place chosen and never ticked would otherwise go without a word); null when each has someone.
 */
export function leftOut(chosen: readonly ChosenClass[], takenIn: (classId: number) => number, studentTerm: string): string | null {
  const names = chosen.filter((c) => takenIn(c.ClassID) === 0).map((c) => c.Name);
  if (names.length === 0) return null;
  const list = names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`;
  return `No ${studentTerm.toLowerCase()} is put into ${list}, so ${names.length === 1 ? 'it' : 'they'} will not be booked.`;
}

/** The address being proved: the token send-code answered, and whether verify-code accepted it. */
export interface EmailProof {
  email: string;
  token: string;
  /** The tokens of the codes mailed before `token` on this page, newest last: their codes verify too. */
  earlierTokens?: string[];
  message: string;
  verified: boolean;
}

/**
 * What the registration keeps between reloads of the page (sessionStorage: this tab only, gone
 * when it closes). Never the mailed code, a captcha solution or a signature.
 */
export interface RegistrationState {
  page: RegistrationPage;
  proof: EmailProof | null;
  /** The students' forms as typed (their input keys). */
  students: FormValues[];
  /** The student open on addStudent: an index into `students`, or null for a new one. */
  editing: number | null;
  /** That student's form as typed before Save (decision 048: a reload keeps what was typed). */
  studentDraft: FormValues | null;
  /** The customer form as typed (its input keys), for the summary and to reopen the form. */
  customer: FormValues | null;
  /** N4: unanswered until the visitor picks Yes or No. */
  marketing: boolean | null;
  /** Ticks of the agreements page, by AgreementID. */
  agreed: Record<number, boolean>;
  /** The class step's choices (SelectClasses profiles). */
  classes: ChosenClass[];
  /** Which chosen classes (ClassIDs) each student goes into, in the order of `students`. */
  studentClasses: number[][];
  /** N27: the checkout's payment option; null until chosen. */
  paymentOption: PaymentMethod | null;
  /** The places the checkout step's quote holds for the registration (decision 109), one per place. */
  held: { ClassID: number; heldUntil: string }[];
  /** The registration (its token) those places are held for: another address proved since holds none of them. */
  heldFor: string | null;
}

/** How many places the registration itself still holds in a class at `now` (the class search counts them as taken). */
export function heldIn(held: RegistrationState['held'], classId: number, now = Date.now()): number {
  return held.filter((h) => h.ClassID === classId && Date.parse(h.heldUntil) > now).length;
}

/**
 * The classes a quote was asked to hold places in (one ClassID per place) that it holds fewer
 * places in: another family took them while they were not held. Nothing when the quote holds
 * nothing at all for the registration (`holds` absent).
 */
export function classesTaken(asked: readonly number[], holds: readonly { ClassID: number }[] | undefined): number[] {
  if (!holds) return [];
  const held = (id: number) => holds.filter((h) => h.ClassID === id).length;
  const wanted = (id: number) => asked.filter((x) => x === id).length;
  return [...new Set(asked)].filter((id) => held(id) < wanted(id));
}

export const initialRegistrationState: RegistrationState = {
  page: 'titlePage',
  proof: null,
  students: [],
  editing: null,
  studentDraft: null,
  customer: null,
  marketing: null,
  agreed: {},
  classes: [],
  studentClasses: [],
  paymentOption: null,
  held: [],
  heldFor: null,
};

export function registrationStorageKey(companyCustomerId: number, profileId: number): string {
  return `portal-registration:${companyCustomerId}:${profileId}`;
}

function read(key: string): RegistrationState {
  try {
    const raw = window.sessionStorage.getItem(key);
    if (!raw) return initialRegistrationState;
    const stored = JSON.parse(raw) as Partial<RegistrationState>;
    const page = REGISTRATION_PAGES.includes(stored.page as RegistrationPage) ? (stored.page as RegistrationPage) : 'titlePage';
    const students = Array.isArray(stored.students) ? stored.students : [];
    const classes = Array.isArray(stored.classes) ? stored.classes : [];
    const studentClasses = students.map((_, i) => (Array.isArray(stored.studentClasses?.[i]) ? stored.studentClasses[i] : []));
    const held = Array.isArray(stored.held) ? stored.held : [];
    return { ...initialRegistrationState, ...stored, page, students, classes, studentClasses, held };
  } catch {
    return initialRegistrationState;
  }
}

/** Writes what a reload resumes: the whole state, or (not `kept`) the chosen classes alone, and none when none are chosen. */
function write(key: string, state: RegistrationState, kept: boolean): void {
  try {
    if (kept) window.sessionStorage.setItem(key, JSON.stringify(state));
    else if (state.classes.length > 0) window.sessionStorage.setItem(key, JSON.stringify({ classes: state.classes }));
    else window.sessionStorage.removeItem(key);
  } catch {
    // Storage full or blocked: the registration still works, it just does not survive a reload.
  }
}

/**
 * The registration's state, written through to sessionStorage so a reload resumes where the visitor
 * was. Once not `kept` (a family signed in: the new family's draft is no longer theirs to resume),
 * the tab keeps only the classes chosen, so a reload before booking brings them back and nothing
 * the new family typed (its address, its children, its proved e-mail) is left in it.
 */
export function useRegistrationState(key: string, kept = true) {
  const [state, setState] = useState<RegistrationState>(() => read(key));
  const update = useCallback(
    (change: Partial<RegistrationState> | ((s: RegistrationState) => Partial<RegistrationState>)) => {
      setState((current) => {
        const next = { ...current, ...(typeof change === 'function' ? change(current) : change) };
        write(key, next, kept);
        return next;
      });
    },
    [key, kept],
  );
  const classes = state.classes;
  useEffect(() => {
    // Signed in: what the tab held of the new family's draft gives way to the classes alone (none once the registration is done).
    if (!kept) write(key, { ...initialRegistrationState, classes }, false);
  }, [key, kept, classes]);
  const clear = useCallback(() => {
    window.sessionStorage.removeItem(key);
    setState(initialRegistrationState);
  }, [key]);
  return [state, update, clear] as const;
}
