/** Plans of the spec's Limits table: tier names (as sent in `X-Quota-Tier`) and monthly quota. */
export const TIER_MONTHLY_QUOTA = {
  free: 100,
  basic: 5_000,
  pro: 15_000,
  business: 50_000,
} as const;

export type Tier = keyof typeof TIER_MONTHLY_QUOTA;

export const TIERS = Object.keys(TIER_MONTHLY_QUOTA) as Tier[];

export function isTier(value: unknown): value is Tier {
  return typeof value === 'string' && Object.hasOwn(TIER_MONTHLY_QUOTA, value);
}
