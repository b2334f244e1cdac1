// The captcha module's one door: other modules, flows and the app import only this file.
export { altcha, issueChallenge, solutionHash, solutionOf, verifyRepeat, verifySolution } from './captcha.service.ts';
export type { CaptchaProvider, Solved } from './captcha.service.ts';
export { captchaJobs } from './captcha.jobs.ts';
