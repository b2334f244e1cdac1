import { describe, expect, it } from 'vitest';
import { ChangeFeed, effectOf } from './change-feed.ts';
import { BoundedCache } from '../lib/bounded-cache.ts';

describe('effectOf', () => {
  it.each([
    ['select * from "sessions" where "id" = ?'],
    ['  SELECT 1'],
    ['pragma data_version'],
    ['explain query plan select 1'],
    ['begin'],
    ['BEGIN IMMEDIATE'],
    ['start transaction isolation level serializable'],
    ['commit'],
    ['rollback'],
    ['savepoint "sp1"'],
    ['release savepoint "sp1"'],
    ['with "recent" as (select * from "messages") select * from "recent"'],
    // A column named like a verb is not a write.
    ['with r as (select updated_at from logins) select * from r'],
  ])('%s reads or controls, writes nothing', (text) => {
    expect(effectOf(text)).toEqual({ kind: 'none' });
  });

  it.each([
    ['insert into "t" ("a") values (?)', 't', 'insert'],
    ['INSERT INTO t (a) VALUES (1)', 't', 'insert'],
    ['insert into "public"."t" ("a") values ($1)', 't', 'insert'],
    ['insert into "t" ("a") values (?) on conflict ("a") do nothing', 't', 'insert'],
    ['insert into "t" ("a") values (?) on conflict ("a") do update set "a" = excluded."a"', 't', 'update'],
    ['insert or replace into "t" ("a") values (?)', 't', 'update'],
    ['insert or ignore into "t" ("a") values (?)', 't', 'insert'],
    ['replace into "t" ("a") values (?)', 't', 'update'],
    ['update "t" set "a" = ? where "id" = ?', 't', 'update'],
    ['UPDATE t SET a = 1', 't', 'update'],
    ['delete from "t" where "id" = ?', 't', 'delete'],
    ['  delete from t', 't', 'delete'],
    ['update only "t" set "a" = 1', 't', 'update'],
    ['delete from only t where a = 1', 't', 'delete'],
    ['DELETE FROM Sessions WHERE id = 1', 'sessions', 'delete'],
  ])('%s writes %s (%s)', (text, table, op) => {
    expect(effectOf(text)).toEqual({ kind: 'write', table, op });
  });

  it.each([
    ['with "x" as (select 1) insert into "t" select * from "x"'],
    ['with "gone" as (delete from "t" returning *) select count(*) from "gone"'],
    ['create table "t" ("a" integer)'],
    ['drop table "t"'],
    ['truncate "t"'],
    ['alter table "t" add column "b" integer'],
    ['select 1; delete from "t"'],
    ['explain analyze delete from "t"'],
    ['explain (analyze, buffers) update "t" set "a" = 1'],
  ])('%s cannot be pinned to a table (unknown)', (text) => {
    expect(effectOf(text)).toEqual({ kind: 'unknown' });
  });

  it('answers the same for a text seen before (memoised)', () => {
    const text = 'update "sessions" set "expires_at" = ? where "id" = ?';
    expect(effectOf(text)).toEqual({ kind: 'write', table: 'sessions', op: 'update' });
    expect(effectOf(text)).toBe(effectOf(text));
  });
});

describe('ChangeFeed', () => {
  /** A feed that knows its schema: sessions and clients hang off companies, students off clients. */
  const feedWithSchema = () => {
    const feed = new ChangeFeed('poll');
    feed.setCascades([
      { parent: 'companies', child: 'sessions' },
      { parent: 'companies', child: 'clients' },
      { parent: 'clients', child: 'students' },
      { parent: 'venues', child: 'classes' },
    ]);
    return feed;
  };

  it('moves a watch only for writes to its own tables', () => {
    const feed = feedWithSchema();
    const sessions = feed.watch([{ table: 'sessions' }]);
    const lists = feed.watch([{ table: 'list_items' }, { table: 'venues' }]);
    feed.changed('sessions', 'update');
    expect([sessions.version, lists.version]).toEqual([1, 0]);
    feed.changed('venues', 'insert');
    feed.changed('list_items', 'update');
    expect([sessions.version, lists.version]).toEqual([1, 2]);
    feed.changed('outbox', 'insert');
    feed.changed('outbox', 'delete');
    expect([sessions.version, lists.version]).toEqual([1, 2]);
  });

  it('ignores inserts for a watch that does not mind new rows, but not updates or deletes', () => {
    const feed = feedWithSchema();
    const w = feed.watch([{ table: 'sessions', inserts: false }, { table: 'companies', inserts: false }]);
    feed.changed('sessions', 'insert');
    feed.changed('companies', 'insert');
    expect(w.version).toBe(0);
    feed.changed('sessions', 'update');
    expect(w.version).toBe(1);
    feed.changed('sessions', 'delete');
    expect(w.version).toBe(2);
  });

  it('a delete in a parent moves watches on its child tables, transitively, through the cascades', () => {
    const feed = feedWithSchema();
    const sessions = feed.watch([{ table: 'sessions', inserts: false }]);
    const students = feed.watch([{ table: 'students' }]);
    const classes = feed.watch([{ table: 'classes' }]);
    feed.changed('companies', 'delete');
    expect([sessions.version, students.version, classes.version]).toEqual([1, 1, 0]);
    feed.changed('clients', 'delete');
    expect([sessions.version, students.version, classes.version]).toEqual([1, 2, 0]);
    // An update in a parent does not reach the children (ids never change).
    feed.changed('companies', 'update');
    expect([sessions.version, students.version, classes.version]).toEqual([1, 2, 0]);
  });

  it('cascades terminate on a cycle in the foreign keys (moving a table twice is harmless)', () => {
    const feed = new ChangeFeed('poll');
    feed.setCascades([
      { parent: 'a', child: 'b' },
      { parent: 'b', child: 'a' },
    ]);
    const a = feed.watch([{ table: 'a' }]);
    const b = feed.watch([{ table: 'b' }]);
    feed.changed('a', 'delete');
    expect(a.version).toBeGreaterThan(0);
    expect(b.version).toBe(1);
  });

  it('before the cascades are known, any delete moves every watch', () => {
    const feed = new ChangeFeed('poll');
    const sessions = feed.watch([{ table: 'sessions' }]);
    const lists = feed.watch([{ table: 'list_items' }]);
    feed.changed('outbox', 'update');
    expect([sessions.version, lists.version]).toEqual([0, 0]);
    feed.changed('companies', 'delete');
    expect([sessions.version, lists.version]).toEqual([1, 1]);
    feed.setCascades([{ parent: 'companies', child: 'sessions' }]);
    feed.changed('companies', 'delete');
    expect([sessions.version, lists.version]).toEqual([2, 1]);
  });

  it('changedAll moves every watch', () => {
    const feed = feedWithSchema();
    const a = feed.watch([{ table: 'sessions', inserts: false }]);
    const b = feed.watch([{ table: 'venues' }]);
    feed.changedAll();
    expect([a.version, b.version]).toEqual([1, 1]);
  });

  it('a polled feed is reliable from the start; a listened one only while its listener is up, and either flip drops everything', () => {
    expect(new ChangeFeed('poll').reliable).toBe(true);
    const feed = new ChangeFeed('listener');
    const w = feed.watch([{ table: 'sessions' }]);
    expect(feed.reliable).toBe(false);
    feed.setListening(true);
    expect(feed.reliable).toBe(true);
    expect(w.version).toBe(1);
    feed.setListening(false);
    expect(feed.reliable).toBe(false);
    expect(w.version).toBe(2);
  });

  it('sync asks the installed syncer, and does nothing without one', () => {
    const feed = new ChangeFeed('poll');
    expect(() => feed.sync()).not.toThrow();
    let calls = 0;
    feed.setSyncer(() => (calls++, true));
    feed.sync();
    feed.sync();
    expect(calls).toBe(2);
  });

  it('asks again when the syncer could not tell (a SQLite connection inside a transaction), and not at all when caching is off', () => {
    const feed = new ChangeFeed('poll');
    let calls = 0;
    let canTell = false;
    feed.setSyncer(() => (calls++, canTell));
    const arrived = performance.now();
    feed.sync(arrived);
    feed.sync(arrived);
    expect(calls).toBe(2);
    canTell = true;
    feed.sync(arrived);
    feed.sync(arrived);
    expect(calls).toBe(3);
    feed.disable();
    feed.sync();
    expect(calls).toBe(3);
  });

  it('a stamp is current until a write its watch covers, and there is none while the feed cannot vouch', () => {
    const feed = new ChangeFeed('listener');
    const w = feed.watch([{ table: 'sessions' }]);
    expect(feed.stamp(w)).toBeUndefined();
    expect(feed.isCurrent(w, undefined)).toBe(false);
    feed.setListening(true);
    const stamp = feed.stamp(w);
    expect(feed.isCurrent(w, stamp)).toBe(true);
    feed.changed('venues', 'insert');
    expect(feed.isCurrent(w, stamp)).toBe(true);
    feed.changed('sessions', 'insert');
    expect(feed.isCurrent(w, stamp)).toBe(false);
    const again = feed.stamp(w);
    feed.setListening(false);
    expect(feed.isCurrent(w, again)).toBe(false);
  });

  it('setListening only drops what was cached when the listener changes state', () => {
    const feed = new ChangeFeed('listener');
    const w = feed.watch([{ table: 'sessions' }]);
    feed.setListening(true);
    feed.setListening(true);
    expect(w.version).toBe(1);
  });

  it('sync(since) skips asking again when the engine was already asked after `since`', () => {
    const feed = new ChangeFeed('poll');
    let calls = 0;
    feed.setSyncer(() => (calls++, true));
    const arrived = performance.now();
    feed.sync(arrived);
    expect(calls).toBe(1);
    // Another request that arrived before that question: what was committed before it has been seen.
    feed.sync(arrived);
    feed.sync(arrived - 1_000);
    expect(calls).toBe(1);
    // One that arrived after it must ask.
    feed.sync(performance.now() + 1);
    expect(calls).toBe(2);
  });
});

describe('BoundedCache', () => {
  it('evicts the oldest entry when full', () => {
    const cache = new BoundedCache<number>(2);
    cache.set('a', 1, Infinity);
    cache.set('b', 2, Infinity);
    cache.set('c', 3, Infinity);
    expect(cache.size).toBe(2);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe(2);
    expect(cache.get('c')).toBe(3);
  });

  it('setting a key again makes it the newest and does not evict another', () => {
    const cache = new BoundedCache<number>(2);
    cache.set('a', 1, Infinity);
    cache.set('b', 2, Infinity);
    cache.set('a', 10, Infinity);
    expect(cache.size).toBe(2);
    cache.set('c', 3, Infinity);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(10);
    expect(cache.get('c')).toBe(3);
  });

  it('an entry lapses at its own time', () => {
    const cache = new BoundedCache<string>(10);
    cache.set('k', 'v', 1_000);
    expect(cache.get('k', 999)).toBe('v');
    expect(cache.get('k', 1_000)).toBeUndefined();
    expect(cache.size).toBe(0);
    cache.set('k', 'w', 2_000);
    cache.delete('k');
    expect(cache.get('k', 0)).toBeUndefined();
  });
});

describe('BoundedCache with a weight budget', () => {
  it('evicts the oldest entries until a new one fits the budget, and refuses one heavier than the whole budget', () => {
    const cache = new BoundedCache<string>(100, 10, (v) => v.length);
    cache.set('a', 'xxxx', Infinity);
    cache.set('b', 'xxxx', Infinity);
    expect(cache.load).toBe(8);
    cache.set('c', 'xxxx', Infinity);
    expect([cache.get('a'), cache.get('b'), cache.get('c')]).toEqual([undefined, 'xxxx', 'xxxx']);
    expect(cache.load).toBe(8);
    cache.set('d', 'x'.repeat(11), Infinity);
    expect(cache.get('d')).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.set('b', 'xx', Infinity);
    expect(cache.load).toBe(6);
  });
});
