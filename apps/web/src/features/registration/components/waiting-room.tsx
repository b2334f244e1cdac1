import { useEffect, useRef, useState, type ReactNode } from 'react';
import { HourglassIcon, TimerIcon, TimerOffIcon, UsersRoundIcon } from 'lucide-react';
import type { CompanyConfig } from '@portal/shared/company-config';
import { companyTimeZone, formatTime } from '@portal/shared/date-time-text';
import { waitingRoomMessages, type WaitingRoomAnswer } from '@portal/shared/waiting-room-schemas';
import { Button } from '@/components/ui/button';
import { NoticePage } from '@/components/ui/notice-page';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useCountdown } from '@/lib/countdown';
import { TimeLeft } from '@/components/ui/time-left';
import { useJoinWaitingRoom, useLeaveWaitingRoom } from '../api/waiting-room';
import { LeaveQueueButton } from './leave-queue-button';
import { RegistrationOpensSoon, zoneNote } from './registration-opens-soon';
import { TurnAlert, useTurnAlert } from './turn-alert';

/** An instant of the server's clock on this browser's clock (a phone's clock may be minutes out), from when the answer came. */
const local = (room: WaitingRoomAnswer, receivedAt: number, at: string) => Date.parse(at) - (Date.parse(room.now) - receivedAt);

/**
 * The places free in the classes now, for a family still waiting; that every class is full, and
 * that a place came back after that (until the count moves again), are announced (the count
 * itself, which moves at every question, is not).
 */
function PlacesLeft({ places }: { places: number | null | undefined }) {
  const [cameBack, setCameBack] = useState(false);
  // The last count the server gave (a count that failed says nothing either way).
  const previous = useRef(places);
  useEffect(() => {
    if (places == null) return;
    setCameBack(previous.current === 0 && places > 0);
    previous.current = places;
  }, [places]);
  const notice = places === 0 ? waitingRoomMessages.allFull : cameBack ? waitingRoomMessages.placesBack : null;
  // The live region is there from the first answer on, so a class filling while the family waits is heard.
  return (
    <>
      {places != null && places > 0 ? <p>{places === 1 ? '1 place is' : `${places} places are`} free in the classes now.</p> : null}
      <div aria-live="polite">{notice ? <p className="rounded-lg border border-primary-line bg-primary-tint px-3.5 py-3 text-sm font-medium text-primary-tint-ink">{notice}</p> : null}</div>
    </>
  );
}

/** How long after the opening a page still waiting for the draw asks by itself. */
const OPENING_FALLBACK_MS = 10_000;

const waitText = (minutes: number) => (minutes <= 1 ? 'about a minute' : minutes < 90 ? `about ${minutes} minutes` : `about ${Math.round(minutes / 60)} hours`);

/**
 * The waiting room of a registration's opening (decision 099). Before the room opens: the
 * opening's countdown. From then on this browser joins by itself and waits: for the draw (before
 * the opening), then in the queue with its place and an estimated wait, asked again every few
 * seconds. In its turn the registration (`children`) shows under the time its turn has left; a
 * turn that ended offers to join again. The place lives in a cookie, so a reload keeps it.
 */
export function WaitingRoom({
  room,
  receivedAt,
  profileId,
  alertKey,
  name,
  config,
  refresh,
  children,
}: {
  room: WaitingRoomAnswer;
  /** When this browser received `room` (its clock). */
  receivedAt: number;
  profileId: number;
  /** Where this tab keeps whether the family asked to be told of its turn (beside the registration's own state). */
  alertKey: string;
  name: string;
  config: CompanyConfig;
  /** Asks the server again (the opening came, or the turn's time ran out: used or lapsed?). */
  refresh: () => void;
  children: ReactNode;
}) {
  const join = useJoinWaitingRoom(profileId);
  const leave = useLeaveWaitingRoom(profileId);
  const zone = companyTimeZone(config);
  const place = room.place;
  const joinFrom = room.joinFrom ? local(room, receivedAt, room.joinFrom) : 0;
  const opensAt = room.opensAt ? local(room, receivedAt, room.opensAt) : 0;
  // Joins once the room is open, by itself: a family waiting on the countdown need do nothing.
  const asked = useRef(false);
  const roomOpen = useCountdown(place === null && !asked.current ? joinFrom : null) <= 0;
  useEffect(() => {
    if (place === null && roomOpen && !asked.current && !leave.isSuccess) {
      asked.current = true;
      join.mutate();
    }
  }, [place, roomOpen, join, leave.isSuccess]);
  // At the opening the server's own answer says when to ask next (within 5 s of it, decision 108), so the room does not all ask at once;
  // should that answer not come (lost, or a throttled background tab), the page asks by itself 10 s after the opening.
  const toOpening = useCountdown(place?.state === 'early' ? opensAt + OPENING_FALLBACK_MS : null, refresh) - OPENING_FALLBACK_MS;
  const turnLeft = useCountdown(place?.state === 'admitted' && place.turnEndsAt ? local(room, receivedAt, place.turnEndsAt) : null, refresh);
  const opening = formatTime(room.opensAt, zone, false);
  const turnAlert = useTurnAlert(alertKey, place?.state, () => `Finish your registration for ${name} by ${formatTime(place?.turnEndsAt ?? null, zone, false)}.`);

  if (place === null && !roomOpen) {
    return (
      <RegistrationOpensSoon name={name} opensAt={room.opensAt!} config={config} onOpen={() => undefined}>
        <p>
          The waiting room opens at {formatTime(room.joinFrom, zone, false)}
          {zoneNote(config)}. Everyone there before {opening} is given a random place in the queue at {opening}, so there is no need to rush.
        </p>
      </RegistrationOpensSoon>
    );
  }
  // The registration was made in the turn: its last screen stays.
  if (place?.state === 'used') return children;
  if (place?.state === 'admitted' && turnLeft > 0) {
    return (
      <>
        <div role="status" className="border-b border-primary-line bg-primary-tint px-4 py-2.5 text-sm text-primary-tint-ink">
          <p className="mx-auto flex max-w-5xl items-center gap-2">
            <TimerIcon aria-hidden="true" className="size-4 shrink-0" />
            <span>
              It’s your turn: finish your registration by {formatTime(place.turnEndsAt, zone, false)}
              {zoneNote(config)}. Your turn ends in <TimeLeft ms={turnLeft} />
            </span>
          </p>
        </div>
        {children}
      </>
    );
  }
  if (place === null || place.state === 'ended' || place.state === 'admitted') {
    const left = leave.isSuccess && place === null;
    const failed = join.isError ? errorMessage(join.error) : null;
    if (!left && !failed && place === null) {
      return (
        <div className="flex justify-center px-4 py-24 text-primary-ink">
          <Spinner size="lg" label="Joining the queue" />
        </div>
      );
    }
    return (
      <NoticePage
        focusHeading
        icon={<TimerOffIcon className="size-8" />}
        title={left ? 'You have left the queue' : failed ? 'The queue could not be joined' : 'Your turn has ended'}
        actions={
          <Button loading={join.isPending} onClick={() => join.mutate()}>
            Join the queue again
          </Button>
        }
      >
        <p className="font-semibold text-ink">{name}</p>
        <p>{failed ?? (left ? 'Your place has gone to the next family. You can join again at the back of the queue.' : waitingRoomMessages.turnEnded)}</p>
      </NoticePage>
    );
  }
  return (
    <NoticePage
      focusHeading
      icon={place.state === 'early' ? <HourglassIcon className="size-8" /> : <UsersRoundIcon className="size-8" />}
      title={place.state === 'early' ? 'You’re in the waiting room' : 'You’re in the queue'}
      actions={<LeaveQueueButton busy={leave.isPending} onLeave={() => leave.mutate()} />}
    >
      <p className="font-semibold text-ink">{name}</p>
      {place.state === 'early' ? (
        <p>
          At {opening}
          {zoneNote(config)}, everyone in the waiting room is given a random place in the queue. Arriving earlier does not move you ahead.
        </p>
      ) : null}
      {/* One live region from the waiting room to the queue, so the opening and the place it gives are heard (the countdown itself is not). */}
      <div aria-live="polite" aria-atomic="true" className="space-y-1">
        {place.state !== 'early' ? (
          <>
            <p className="text-ink">
              Your place in the queue: <strong className="text-3xl font-bold tabular-nums text-primary-ink">{place.position}</strong>
            </p>
            <p>
              {place.position === 1 ? 'You are next.' : `${place.position! - 1} ${place.position === 2 ? 'family is' : 'families are'} ahead of you.`} Estimated wait:{' '}
              {waitText(place.estimatedWaitMinutes ?? 0)}.
            </p>
          </>
        ) : toOpening > 0 ? (
          <p className="text-ink">
            Registration opens in <TimeLeft ms={toOpening} />
          </p>
        ) : (
          <p className="text-ink">Registration is opening: your place in the queue follows in a few seconds.</p>
        )}
      </div>
      <PlacesLeft places={room.placesLeft} />
      <p>Keep this page open: the registration starts here by itself when it is your turn. You keep your place if you reload or lose your connection.</p>
      <TurnAlert wanted={turnAlert.wanted} onWanted={turnAlert.want} />
      {leave.isError ? <p className="font-medium text-danger">{errorMessage(leave.error)}</p> : null}
    </NoticePage>
  );
}
