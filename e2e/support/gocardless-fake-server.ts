// The browser suite's GoCardless (decision 104): the API tests' fake of GoCardless's API and its
// hosted page, on a fixed port with the suite's access token, for as long as the suite runs.
// Started by playwright.config.ts.
import { startGoCardlessFake } from '../../apps/server/src/test/gocardless-fake.ts';
import { gocardlessKeys, gocardlessPort } from './servers.ts';

const fake = await startGoCardlessFake({ port: gocardlessPort, accessToken: gocardlessKeys.accessToken });
console.log(`GoCardless fake at ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
