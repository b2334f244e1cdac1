import type { z } from 'zod';
import { bundleSectionsSchema } from './bundle-entities.ts';
import { checkBundleReferences } from './bundle-references.ts';

/**
 * One whole company in one JSON document (docs/company-bundle.md). Items refer to each other
 * by `key`, never by database id, so a bundle can be written by hand and imported anywhere.
 */
export const companyBundleSchema = bundleSectionsSchema.superRefine(checkBundleReferences);

export type CompanyBundle = z.output<typeof companyBundleSchema>;
export type CompanyBundleInput = z.input<typeof companyBundleSchema>;
