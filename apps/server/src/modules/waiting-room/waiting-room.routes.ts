import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registrationEndpoints as endpoints } from '@portal/shared/endpoints/registration';
import type { Ctx } from '../../context.ts';
import { cachedPlacesLeft } from '../classes/classes.api.ts';
import { route } from '../../lib/endpoint-route.ts';
import { throttle } from '../../lib/sign-in-throttle.ts';
import { cookieOptions } from '../../plugins/auth.ts';
import { joinWaitingRoom, leaveWaitingRoom, waitingRoom } from './waiting-room.service.ts';

/** A place is kept for a day: the morning's queue, a reload, a dropped connection. */
const TICKET_MS = 24 * 3600_000;

/** The cookie that carries a browser's place in a company's profile's waiting room (HttpOnly: the page never reads it). */
const waitingRoomCookie = (companyId: number, profileId: number) => `portal_queue_${companyId}_${profileId}`;

/** This browser's ticket for the profile's waiting room. */
export const ticketOf = (req: FastifyRequest, companyId: number, profileId: number): string | undefined => req.cookies[waitingRoomCookie(companyId, profileId)];

/** The waiting room of a registration's opening (decision 099). */
export async function waitingRoomRoutes(app: FastifyInstance, { ctx: base }: { ctx: Ctx }) {
  const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');
  const placesLeft = cachedPlacesLeft(base.env.CLASS_SEARCH_CACHE_MS);

  route(app, base, endpoints.waitingRoom, ({ ctx, params, req, reply }) => {
    noStore(reply);
    return waitingRoom(ctx, ctx.company, params.profile, ticketOf(req, ctx.company.id, params.profile), placesLeft);
  });

  route(app, base, endpoints.joinWaitingRoom, async ({ ctx, params, req, reply }) => {
    noStore(reply);
    // Counted against a flood only, as the registration's steps are: a school's families join behind one address;
    // the live places one address holds are bounded instead (decision 147).
    await throttle(req, 'registration');
    const joined = await joinWaitingRoom(ctx, ctx.company, params.profile, ticketOf(req, ctx.company.id, params.profile), placesLeft, req.ip);
    if (joined.ticket) reply.setCookie(waitingRoomCookie(ctx.company.id, params.profile), joined.ticket, cookieOptions(req, new Date(ctx.clock.now().getTime() + TICKET_MS)));
    return joined.answer;
  });

  route(app, base, endpoints.leaveWaitingRoom, async ({ ctx, params, req, reply }) => {
    noStore(reply);
    const answer = await leaveWaitingRoom(ctx, ctx.company, params.profile, ticketOf(req, ctx.company.id, params.profile));
    reply.clearCookie(waitingRoomCookie(ctx.company.id, params.profile), { path: '/' });
    return answer;
  });
}
