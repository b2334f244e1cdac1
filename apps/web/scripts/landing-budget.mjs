// The landing page's JavaScript budget: all the script a browser fetches to show /hub with no
// company chosen, gzipped, in KB. The build's check (check-bundle-size.mjs) and
// `npm run lighthouse` (the bytes a real browser fetched) both hold the page to it.
export const LANDING_JS_BUDGET_KB = 171;
