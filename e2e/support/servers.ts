import os from 'node:os';
import path from 'node:path';

/**
 * One server and one SQLite file per project. The directory is fixed by the runner process
 * (through the environment, which its workers inherit), so helpers in a worker find the same
 * database file the config handed to the server.
 */
process.env.PORTAL_E2E_DATA_DIR ??= path.join(os.tmpdir(), `portal-e2e-${process.pid}`);
export const e2eDataDir: string = process.env.PORTAL_E2E_DATA_DIR;

/** E2E_PORT_BASE lets two runs on one machine (e.g. two checkouts) keep out of each other's way. */
const portBase = Number(process.env.E2E_PORT_BASE ?? 4310);

export const e2eServers = [
  { name: 'desktop', port: portBase },
  { name: 'mobile', port: portBase + 1 },
] as const;

export type ProjectName = (typeof e2eServers)[number]['name'];

/** The SQLite file behind a project's server. */
export function databaseFile(project: string): string {
  return path.join(e2eDataDir, `${project}.db`);
}
