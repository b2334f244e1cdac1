import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistAnswer, WaitlistEntry } from '@portal/shared/class-schemas';
import { classEndpoints } from '@portal/shared/endpoints/classes';
import { call } from '@/lib/call';
import { classesKey } from './classes-key';

export function getWaitlist(): Promise<WaitlistAnswer> {
  return call(classEndpoints.waitlist);
}

/** Polled each minute while shown, so the position moves as families ahead leave or enrol. */
export function waitlistQueryOptions() {
  return queryOptions({ queryKey: [...classesKey, 'waitlist'], queryFn: getWaitlist, refetchInterval: 60_000 });
}

export function useWaitlist() {
  return useQuery(waitlistQueryOptions());
}

/** The family's children waiting for a class (not those offered a place in it). */
export function waitingIn(entries: readonly WaitlistEntry[] | undefined, classId: number): number[] {
  return (entries ?? []).filter((e) => e.ClassID === classId && e.Status === 'waiting').map((e) => e.StudentID);
}

/**
 * What a full class says instead of "Join waitlist" when every one of `students` already waits
 * for it, as joining again is no step on: "Noah Mitchell is on the waitlist". Null otherwise.
 */
export function onWaitlistText(entries: readonly WaitlistEntry[] | undefined, classId: number, students: readonly { StudentID: number; FirstName: string; LastName: string }[]): string | null {
  const waiting = waitingIn(entries, classId);
  if (students.length === 0 || !students.every((s) => waiting.includes(s.StudentID))) return null;
  return onTheWaitlist(students.map((s) => `${s.FirstName} ${s.LastName}`));
}

/** The name of a child the family's waitlist shows waiting for a class, or null. */
export function waitingName(entries: readonly WaitlistEntry[] | undefined, classId: number, studentId: number): string | null {
  return (entries ?? []).find((e) => e.ClassID === classId && e.StudentID === studentId && e.Status === 'waiting')?.StudentName ?? null;
}

/** "Noah Mitchell is on the waitlist"; "Ella and Noah Mitchell are …". */
export function onTheWaitlist(names: readonly string[]): string {
  return `${new Intl.ListFormat('en', { type: 'conjunction' }).format(names)} ${names.length === 1 ? 'is' : 'are'} on the waitlist`;
}
