import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { registrationEndpoints } from '@portal/shared/endpoints/registration';
import { WAITING_ROOM_POLL_MS, type WaitingRoomAnswer } from '@portal/shared/waiting-room-schemas';
import { call } from '@/lib/call';

/** A turn is asked about once a minute (it may have lapsed); a place in the queue every few seconds. */
const TURN_POLL_MS = 60_000;

export function waitingRoomQueryOptions(profileId: number) {
  return queryOptions({
    queryKey: ['waiting-room', profileId],
    queryFn: ({ signal }) => call(registrationEndpoints.waitingRoom, { params: { profile: profileId }, signal }),
    staleTime: 0,
  });
}

const pollEvery = (data: WaitingRoomAnswer | undefined) => {
  const state = data?.place?.state;
  if (state === 'early' || state === 'waiting') return WAITING_ROOM_POLL_MS;
  return state === 'admitted' ? TURN_POLL_MS : false;
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
  return useMutation({
    mutationFn: () => call(endpoint, { params: { profile: profileId } }),
    onSuccess: (data) => client.setQueryData(waitingRoomQueryOptions(profileId).queryKey, data),
  });
}

export const useJoinWaitingRoom = (profileId: number) => useRoomMutation(profileId, 'join');
export const useLeaveWaitingRoom = (profileId: number) => useRoomMutation(profileId, 'leave');
