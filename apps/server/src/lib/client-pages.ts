import type { FastifyReply } from 'fastify';
import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';
import type { ChangeFeed, Watch } from '../db/change-feed.ts';
import { BoundedCache } from './bounded-cache.ts';
import { sendJson } from './http.ts';

export type ClientList = 'notifications' | 'messages';

/** The tables whose writes move each list's version (the triggers of migration 004). */
const SOURCES: Record<ClientList, string[]> = {
  notifications: ['notification_contacts', 'notifications'],
  messages: ['messages', 'message_reads'],
};

interface Page {
  /** The client's version of the list the page was built at. */
  version: number;
  /** The change feed's stamp of the list's tables when that was last confirmed (none: read the version first). */
  seen: number | undefined;
  body: string;
}

/**
 * Pages of one of a client's polled lists, kept as the JSON sent. Triggers move a version on the
 * client row with every write that changes what the client sees (migration 004), so:
 * - while the change feed reports no write to the list's tables at all, a page is answered as
 *   it is (no query);
 * - after such a write, by anyone, the client's version is read by primary key and the page is
 *   kept if it has not moved (someone else's list changed);
 * - otherwise the page is built again.
 * Only first pages are kept (what the bell and the lists open on), within a memory budget.
 */
export class ClientPageCache {
  // 5,000 pages and 32 MB (JavaScript strings take two bytes a character) per list and process.
  private readonly pages = new BoundedCache<Page>(5_000, 32 * 1024 * 1024, (page) => page.body.length * 2);
  private readonly watch: Watch;
  private readonly versionQuery: CompiledQuery<{ v: number }>;

  constructor(
    private readonly db: Db,
    private readonly changes: ChangeFeed,
    list: ClientList,
    private readonly maxAgeMs = 10 * 60_000,
  ) {
    this.watch = changes.watch(SOURCES[list].map((table) => ({ table })));
    const column = sql.ref(list === 'notifications' ? 'notifications_version' : 'messages_version');
    // Compiled once; each read only swaps the parameters.
    this.versionQuery = sql<{ v: number }>`select ${column} as v from clients where id = ${0} and company_id = ${0}`.compile(db);
  }

  /**
   * Sends the page named by `key` for this client (`undefined`: a page not to keep). `load`
   * builds it when the cached one is missing or stale; it may say until when the page holds (a
   * message published later).
   */
  async send(
    reply: FastifyReply,
    client: { companyId: number; clientId: number },
    key: string | undefined,
    load: () => Promise<{ body: unknown; until?: number }>,
  ): Promise<FastifyReply> {
    if (!this.changes.enabled || key === undefined) return reply.send((await load()).body);
    const cacheKey = `${client.clientId}:${key}`;
    const seen = this.changes.stamp(this.watch, reply.request.receivedAt);
    const now = Date.now();
    const hit = this.pages.get(cacheKey, now);
    if (hit && seen !== undefined && hit.seen === seen) return sendJson(reply, hit.body);

    const version = await this.version(client);
    if (hit && version !== undefined && hit.version === version) {
      if (this.changes.isCurrent(this.watch, seen)) hit.seen = seen;
      return sendJson(reply, hit.body);
    }

    const { body, until } = await load();
    // The route's own response serializer, so a cached page is exactly what an uncached one would be.
    const text = reply.serialize(body) as string;
    if (version !== undefined) {
      // Confirmed only if no write came in since `seen` was taken; else the next poll reads the version again.
      const confirmed = this.changes.isCurrent(this.watch, seen) ? seen : undefined;
      this.pages.set(cacheKey, { version, seen: confirmed, body: text }, Math.min(until ?? Infinity, now + this.maxAgeMs));
    }
    return sendJson(reply, text);
  }

  private async version({ companyId, clientId }: { companyId: number; clientId: number }): Promise<number | undefined> {
    const { rows } = await this.db.executeQuery<{ v: number }>({ ...this.versionQuery, parameters: [clientId, companyId] });
    return rows[0]?.v;
  }
}
