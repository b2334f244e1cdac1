import { queryOptions } from '@tanstack/react-query';
import { accountEndpoints } from '@portal/shared/endpoints/accounts';
import { call } from '@/lib/call';

/**
 * N13, L13: the students whose details the registration profile's form still needs, from the
 * signed-in client's queue (R21): each is an UpdateStudent action, done inside the registration.
 */
export function studentUpdatesQueryOptions(clientId: number, profileId: number) {
  return queryOptions({
    queryKey: ['registration', 'student-updates', clientId, profileId],
    queryFn: async () => {
      const { actions } = await call(accountEndpoints.ocrSignInActions, { body: { client_id: clientId, profile_id: profileId, from_ocr: true } });
      return actions.filter((a) => a.type === 'UpdateStudent' && a.student_id !== null);
    },
    staleTime: Infinity,
  });
}
