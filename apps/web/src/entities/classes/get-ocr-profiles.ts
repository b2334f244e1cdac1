import { queryOptions } from '@tanstack/react-query';
import type { OcrProfile } from '@portal/shared/company-schemas';
import { call } from '@/lib/call';
import { classEndpoints } from '@portal/shared/endpoints/classes';

/** The company's active registration profiles: the guest's "Select Classes" and the classes page's enrol tiles. */
export async function getOcrProfiles(): Promise<OcrProfile[]> {
  return (await call(classEndpoints.ocrProfiles)).profiles;
}

/**
 * Profiles change only when staff activate one; a minute is fresh enough. The key starts with
 * classesKey's 'classes' written out, and there is no hook here: the guest's home page (which
 * fetches these on a click) is a first-screen chunk, and importing either would make it larger and make
 * every class page load it.
 */
export function getOcrProfilesQueryOptions() {
  return queryOptions({ queryKey: ['classes', 'ocr-profiles'], queryFn: getOcrProfiles, staleTime: 60_000 });
}
