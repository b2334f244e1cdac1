import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AcceptInvitationInput, FamilyAccessAnswer, GuardianRole, InviteGuardianInput } from '@portal/shared/guardian-schemas';
import { familyAccessEndpoints } from '@portal/shared/endpoints/family-access';
import { call } from '@/lib/call';

/** The family's guardians and pending invitations (decision 101): the holder's alone. */
export function familyAccessQueryOptions() {
  return queryOptions({ queryKey: ['account', 'family-access'], queryFn: ({ signal }) => call(familyAccessEndpoints.list, { signal }) });
}

export function useFamilyAccess(enabled: boolean) {
  return useQuery({ ...familyAccessQueryOptions(), enabled });
}

/** Who is signed in, as themselves: a guardian's My Details (decision 101). */
const ownAccessQueryOptions = queryOptions({ queryKey: ['account', 'own-access'], queryFn: ({ signal }) => call(familyAccessEndpoints.me, { signal }) });

export function useOwnAccess() {
  return useQuery(ownAccessQueryOptions);
}

/** Every change answers the list as it now stands, with a line saying what happened. */
function useFamilyAccessChange<I>(send: (input: I) => Promise<FamilyAccessAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (data) => client.setQueryData(familyAccessQueryOptions().queryKey, data) });
}

export const useInviteGuardian = () => useFamilyAccessChange((body: InviteGuardianInput) => call(familyAccessEndpoints.invite, { body }));
export const useWithdrawInvitation = () => useFamilyAccessChange((id: number) => call(familyAccessEndpoints.withdraw, { params: { id } }));
export const useChangeRole = () => useFamilyAccessChange(({ id, role }: { id: number; role: GuardianRole }) => call(familyAccessEndpoints.changeRole, { params: { id }, body: { role } }));
export const useRevokeGuardian = () => useFamilyAccessChange((id: number) => call(familyAccessEndpoints.revoke, { params: { id } }));

/** What an invitation's link offers, asked without a session. */
export function invitationQueryOptions(token: string) {
  return queryOptions({ queryKey: ['invitation', token], queryFn: ({ signal }) => call(familyAccessEndpoints.invitation, { params: { token }, signal }), retry: false, staleTime: Infinity });
}

export function useInvitation(token: string) {
  return useQuery(invitationQueryOptions(token));
}

export function acceptInvitation(token: string, body: AcceptInvitationInput) {
  return call(familyAccessEndpoints.accept, { params: { token }, body });
}
