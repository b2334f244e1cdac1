import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClassStudentsAnswer } from '@portal/shared/class-schemas';
import { classesKey } from '@/entities/classes/classes-key';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

export function getClassStudents(): Promise<ClassStudentsAnswer> {
  return call(classEndpoints.students);
}

export function classStudentsQueryOptions() {
  return queryOptions({ queryKey: [...classesKey, 'students'], queryFn: getClassStudents });
}

export function useClassStudents() {
  return useQuery(classStudentsQueryOptions());
}

/** "Ella Mitchell is enrolled" (or "… are enrolled"), where each of `students` has a term place in the class; else null. */
export function enrolledText(classId: number, students: readonly ClassStudentsAnswer['students'][number][]): string | null {
  if (students.length === 0 || !students.every((s) => s.ClassIDs.includes(classId))) return null;
  return namesAre(students, 'enrolled');
}

/** "Ella Mitchell is …", "Ella Mitchell and Noah Mitchell are …". */
export function namesAre(students: readonly { FirstName: string; LastName: string }[], what: string): string {
  const names = students.map((s) => `${s.FirstName} ${s.LastName}`);
  return `${new Intl.ListFormat('en', { type: 'conjunction' }).format(names)} ${names.length === 1 ? 'is' : 'are'} ${what}`;
}
