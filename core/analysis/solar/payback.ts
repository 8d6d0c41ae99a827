/**
 * Years until the cumulative cash flows (index 0 = the investment, negative) reach zero,
 * interpolated within the year it happens. Infinity when they never do.
 */
export function paybackYears(cashFlows: readonly number[]): number {
  let cumulative = cashFlows[0];
  for (let year = 1; year < cashFlows.length; year++) {
    const next = cumulative + cashFlows[year];
    if (next >= 0 && cashFlows[year] > 0) return year - 1 + -cumulative / cashFlows[year];
    cumulative = next;
  }
  return cumulative >= 0 ? 0 : Number.POSITIVE_INFINITY;
}
