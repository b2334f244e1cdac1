import type { Job } from '../../domain/job.ts';
import { deleteExpiredChallenges } from './captcha.service.ts';

export const captchaJobs: Job[] = [{ name: 'expired captcha challenges', every: 'hour', run: deleteExpiredChallenges }];
