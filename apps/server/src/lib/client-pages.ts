import type { FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { BoundedCache } from './bounded-cache.ts';

export type ClientList = 'notifications' | 'messages';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Pages of one of a client's polled lists, kept as the JSON sent, under the list's version on
 * the client row. Triggers move that version with every write that changes what the client sees
 * (migration 004), so a poll costs a primary-key read when nothing changed, on every server
 * process alike, and never answers from a page older than the last committed write.
 */
export class ClientPageCache {
  private readonly pages = new BoundedCache<{ version: number; body: string }>(5_000);

  constructor(
    private readonly db: Db,
    private readonly list: ClientList,
    private readonly maxAgeMs = 10 * 60_000,
  ) {}

  /**
   * Sends the page named by `key` for this client. `load` builds it when the cached one is
   * missing or stale; it may say until when the page holds (a message published later).
   */
  async send(
    reply: FastifyReply,
    client: { companyId: number; clientId: number },
    key: string,
    load: () => Promise<{ body: unknown; until?: number }>,
  ): Promise<FastifyReply> {
    const version = await this.version(client);
    const cacheKey = `${client.clientId}:${key}`;
    const now = Date.now();
    const hit = version === undefined ? undefined : this.pages.get(cacheKey, now);
    if (hit && hit.version === version) return reply.type(JSON_TYPE).send(hit.body);

    const { body, until } = await load();
    // The route's own response serializer, so a cached page is exactly what an uncached one would be.
    const text = reply.serialize(body) as string;
    if (version !== undefined) this.pages.set(cacheKey, { version, body: text }, Math.min(until ?? Infinity, now + this.maxAgeMs));
    return reply.type(JSON_TYPE).send(text);
  }

  private async version({ companyId, clientId }: { companyId: number; clientId: number }): Promise<number | undefined> {
    const column = this.list === 'notifications' ? sql.ref('notifications_version') : sql.ref('messages_version');
    const { rows } = await sql<{ v: number }>`select ${column} as v from clients where id = ${clientId} and company_id = ${companyId}`.execute(this.db);
    return rows[0]?.v;
  }
}
