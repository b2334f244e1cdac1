import type { z } from 'zod';

export interface BundleIssue {
  path: string;
  message: string;
}

export class BundleValidationError extends Error {
  readonly issues: BundleIssue[];
  constructor(issues: BundleIssue[]) {
    const first = issues.slice(0, 3).map((i) => `${i.path || '(bundle)'}: ${i.message}`);
    const more = issues.length > 3 ? ` (and ${issues.length - 3} more)` : '';
    super(`The company bundle is invalid: ${first.join('; ')}${more}`);
    this.name = 'BundleValidationError';
    this.issues = issues;
  }
}

export function toIssues(error: z.ZodError): BundleIssue[] {
  return error.issues.flatMap((i) => {
    const path = i.path.map(String);
    // One issue per misspelt field, at the field's own path, rather than one for its parent.
    if (i.code === 'unrecognized_keys') return i.keys.map((k) => ({ path: [...path, k].join('.'), message: 'Unknown field' }));
    return [{ path: path.join('.'), message: i.message }];
  });
}
