import type { Job } from '../../domain/job.ts';
import { eraseDueAccounts } from './deletion.service.ts';

export const familyDataJobs: Job[] = [{ name: 'accounts due for erasure', every: 'hour', run: eraseDueAccounts }];
