import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { gatewayChallengeDecisionSchema, gatewayChallengeSchema, gatewayTokenAnswerSchema, gatewayTokenRequestSchema } from '@portal/shared/payment-schemas';
import { apiErrorSchema } from '@portal/shared/api-schemas';
import type { Ctx } from '../../context.ts';
import { errorResponses, typed } from '../../lib/http.ts';
import { requireCustomer } from '../../plugins/auth.ts';
import * as service from './gateway.service.ts';

/**
 * The simulated gateway's own routes, under its own prefix on the portal's origin: the browser
 * sends card details here, never to /api. Bodies are never logged (only method and path are).
 */
export const GATEWAY_PREFIX = '/sim-gateway/v1';

/** A challenge step's id, as the simulated gateway's routes take it. */
export const challengeParams = z.object({ id: z.string().regex(/^ch_[A-Za-z0-9]{8,64}$/) });

export async function gatewayRoutes(app: FastifyInstance, { ctx }: { ctx: Ctx }) {
  const r = typed(app);
  const noStore = { 'cache-control': 'no-store' };

  r.post(
    `${GATEWAY_PREFIX}/tokens`,
    {
      // A token is the signed-in client's: nobody else can pay with it or save it.
      config: { auth: 'customer' },
      schema: {
        tags: ['gateway'],
        summary: 'Simulated gateway: tokenise a card (test cards in the README)',
        body: gatewayTokenRequestSchema,
        response: { 200: gatewayTokenAnswerSchema, 402: apiErrorSchema, ...errorResponses },
      },
    },
    async (req, reply) => {
      reply.headers(noStore);
      const { company, clientId } = requireCustomer(req);
      return service.tokeniseCard(ctx, company, clientId, req.body);
    },
  );

  r.get(
    `${GATEWAY_PREFIX}/challenges/:id`,
    {
      config: { auth: 'customer' },
      schema: { tags: ['gateway'], summary: "Simulated gateway: a challenge step of the card holder's", params: challengeParams, response: { 200: gatewayChallengeSchema, ...errorResponses } },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return service.findChallenge(ctx, company, clientId, req.params.id);
    },
  );

  r.post(
    `${GATEWAY_PREFIX}/challenges/:id`,
    {
      // Only the card holder answers a challenge step.
      config: { auth: 'customer' },
      schema: {
        tags: ['gateway'],
        summary: 'Simulated gateway: approve or fail a challenge step',
        params: challengeParams,
        body: gatewayChallengeDecisionSchema,
        response: { 200: gatewayChallengeSchema, ...errorResponses },
      },
    },
    async (req) => {
      const { company, clientId } = requireCustomer(req);
      return service.decideChallenge(ctx, company, clientId, req.params.id, req.body.approve);
    },
  );
}
