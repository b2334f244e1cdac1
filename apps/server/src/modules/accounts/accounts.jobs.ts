import type { Job } from '../../domain/job.ts';
import { deleteExpiredSessions } from './session.service.ts';

export const accountsJobs: Job[] = [{ name: 'expired sessions, reset tokens and codes', every: 'hour', run: deleteExpiredSessions }];
