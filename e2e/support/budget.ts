import { test } from '@playwright/test';

/**
 * What one step of a long journey may take: a screen it reaches and checks, an axe check or a
 * full-page screenshot, a sign-in through the API or a company imported for the test. With both
 * cores shared by a load of about 20 (two busy loops on a machine already at a third of its usual
 * speed, where the challenge journey ran past 45 s), the registration journeys took 3.8–4.4 s a
 * step, the first step of a test the longest (a fresh document's axe); 5 s leaves a quarter to spare.
 */
export const STEP_MS = 5_000;

/**
 * Gives a long journey a time limit by its steps, instead of the suite's fixed one (45 s, enough
 * for a short test but not for twenty screens on a slow machine); never less than the test has.
 */
export function budgetSteps(steps: number): void {
  const info = test.info();
  info.setTimeout(Math.max(info.timeout, steps * STEP_MS));
}
