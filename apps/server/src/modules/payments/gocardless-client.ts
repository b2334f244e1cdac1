import https from 'node:https';
import net from 'node:net';
import { GoCardlessClient } from 'gocardless-nodejs/client';
import { Environments } from 'gocardless-nodejs/constants';

/**
 * An https agent whose connections go to another address over plain HTTP: the GoCardless SDK
 * names its host itself (api.gocardless.com or api-sandbox.gocardless.com) and takes only an
 * agent, so this is how GOCARDLESS_API_URL points it at a local stand-in (decision 104).
 */
class RedirectingAgent extends https.Agent {
  constructor(private readonly target: URL) {
    super({ keepAlive: true });
  }

  override createConnection(): net.Socket {
    return net.connect({ host: this.target.hostname, port: Number(this.target.port || 80) });
  }
}

/** The environment an access token belongs to: GoCardless's live tokens start `live_`, sandbox ones `sandbox_`. */
export const environmentOf = (accessToken: string) => (accessToken.startsWith('live_') ? Environments.Live : Environments.Sandbox);

/**
 * A GoCardless client for one company's access token; with `apiUrl` (GOCARDLESS_API_URL) its
 * requests go to that address instead of GoCardless.
 */
export function createGoCardlessClient(accessToken: string, apiUrl?: string): GoCardlessClient {
  const proxy = apiUrl ? { https: new RedirectingAgent(new URL(apiUrl)) } : undefined;
  return new GoCardlessClient(accessToken, environmentOf(accessToken), { ...(proxy ? { proxy } : {}), raiseOnIdempotencyConflict: false });
}
