import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder, on a port of its own: a test may
 * stop it and start it again without touching the machine's shared server. initdb refuses to
 * run as root, so as root the cluster belongs to the `postgres` account.
 */
export interface ThrowawayPostgres {
  url: string;
  /** Stops the server at once, as a crash or a pulled cable would (`pg_ctl stop -m immediate`). */
  stop(): Promise<void>;
  start(): Promise<void>;
  remove(): Promise<void>;
}

/** The newest PostgreSQL's binaries on this machine (Debian keeps them off the PATH). */
function binDir(): string | undefined {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base) ? fs.readdirSync(base).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(base, v, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'initdb')));
  if (found) return found;
  try {
    return path.dirname(execFileSync('which', ['initdb'], { encoding: 'utf8' }).trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** As root, the uid and gid of the account the cluster runs as; undefined when none is needed. */
function owner(): { uid: number; gid: number } | undefined | 'none' {
  if (process.getuid?.() !== 0) return undefined;
  try {
    const [uid, gid] = ['-u', '-g'].map((flag) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim()));
    return { uid: uid!, gid: gid! };
  } catch {
    return 'none';
  }
}

/** Whether this machine can make a cluster: initdb is here, and as root a `postgres` account runs it. */
export function canMakeCluster(): boolean {
  return binDir() !== undefined && owner() !== 'none';
}

export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function makeThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir();
  const user = owner();
  if (!bin || user === 'none') throw new Error('no initdb on this machine');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  if (user) fs.chownSync(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const port = await freePort();
  // Asynchronous, so the server under test keeps answering while the cluster stops or starts.
  const run = async (tool: string, args: string[]) => {
    const [file, argv] = user ? ['runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
    await promisify(execFile)(file, argv, { cwd: dir });
  };
  await run('initdb', ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c shared_buffers=16MB`;
  const start = () => run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-o', options, '-w', 'start']);
  const stop = () => run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    start,
    async remove() {
      await stop().catch(() => undefined);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
