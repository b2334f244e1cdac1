// The browser suite's Stripe (decision 103): the API tests' fake of Stripe's API, on a fixed port
// with the suite's keys, for as long as the suite runs. Started by playwright.config.ts.
import { startStripeFake } from '../../apps/server/src/test/stripe-fake.ts';
import { stripeKeys, stripePort } from './servers.ts';

const fake = await startStripeFake({ port: stripePort, secretKey: stripeKeys.secretKey, webhookSecret: stripeKeys.webhookSecret });
console.log(`Stripe fake at ${fake.url}`);
const stop = () => void fake.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
