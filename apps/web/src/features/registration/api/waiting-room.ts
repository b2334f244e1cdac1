import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import type { WaitingRoomAnswer } from '@portal/shared/waiting-room-schemas';
import { call } from '@/lib/call';

/** Every profile's waiting room. */
export const waitingRoomKey = ['waiting-room'] as const;

export function waitingRoomQueryOptions(profileId: number) {
  return queryOptions({
    queryKey: [...waitingRoomKey, profileId],
    queryFn: ({ signal }) => call(registrationEndpoints.waitingRoom, { params: { profile: profileId }, signal }),
    staleTime: 0,
  });
}

/** As often as the server says while the family waits or has its turn; not at all once it is over. */
const pollEvery = (data: WaitingRoomAnswer | undefined) => {
  const place = data?.place;
  return place && ['early', 'waiting', 'admitted'].includes(place.state) ? place.pollAfterMs : false;
};

/** The profile's waiting room and this browser's place in it (decision 099), asked again while it waits. */
export function useWaitingRoom(profileId: number | null) {
  return useQuery({
    ...waitingRoomQueryOptions(profileId ?? 0),
    enabled: profileId !== null,
    refetchInterval: (q) => pollEvery(q.state.data),
    // A dropped connection keeps the place: the page asks again when it is back.
    refetchIntervalInBackground: true,
    retry: 3,
  });
}

function useRoomMutation(profileId: number, method: 'join' | 'leave') {
  const client = useQueryClient();
  const endpoint = method === 'join' ? registrationEndpoints.joinWaitingRoom : registrationEndpoints.leaveWaitingRoom;
  const { queryKey } = waitingRoomQueryOptions(profileId);
  return useMutation({
    mutationFn: () => call(endpoint, { params: { profile: profileId } }),
    // A question asked before this answer (the turn as it was before Leave) must not overwrite it when it comes later.
    onSuccess: async (data) => {
      await client.cancelQueries({ queryKey });
      client.setQueryData(queryKey, data);
    },
  });
}

export const useJoinWaitingRoom = (profileId: number) => useRoomMutation(profileId, 'join');
export const useLeaveWaitingRoom = (profileId: number) => useRoomMutation(profileId, 'leave');
