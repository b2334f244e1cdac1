import { fillPath } from '@portal/shared/endpoint';
import { studentEndpoints } from '@portal/shared/endpoints/students';

/**
 * Where a student's stored picture is answered. A record's profile_picture holds this path, with
 * the picture's version so a new picture is a new URL and an old one may be cached for good.
 * get-image reads the student id back out of it; nothing is ever fetched from it.
 */
export function studentPictureUrl(studentId: number, version: string): string {
  return `${fillPath(studentEndpoints.picture.path, { id: studentId })}?v=${version}`;
}

const PATTERN = new RegExp(`^${studentEndpoints.picture.path.replace(':id', '([1-9][0-9]{0,9})')}(?:\\?v=([A-Za-z0-9_-]{1,32}))?$`);

/** The student id and version a picture URL of ours names; null for anything else. */
export function parseStudentPictureUrl(url: string): { studentId: number; version: string | null } | null {
  const match = PATTERN.exec(url.trim());
  if (!match) return null;
  const studentId = Number(match[1]);
  if (studentId > 2_147_483_647) return null;
  return { studentId, version: match[2] ?? null };
}
