/** What every step of one import writes with: the new company, and the clock the bundle's dates resolve against. */
export interface ImportScope {
  companyId: number;
  /** The moment of the import, for created_at and the like. */
  now: string;
  /** The import day (yyyy-MM-dd) that relative bundle dates count from. */
  today: string;
  /** A bundle instant resolved against the import day in the company's time zone. */
  instant: (value: string) => string;
}

export const bool = (v: boolean): number => (v ? 1 : 0);

/** The ids of rows inserted in the order of `keys`, by key. */
export const byKey = (keys: string[], ids: number[]): Map<string, number> => new Map(keys.map((k, i) => [k, ids[i] as number]));
