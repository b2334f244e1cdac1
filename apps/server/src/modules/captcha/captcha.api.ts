// The captcha module's one door: other modules, flows and the app import only this file.
export { issueChallenge, solutionOf, verifySolution } from './captcha.service.ts';
export { captchaJobs } from './captcha.jobs.ts';
