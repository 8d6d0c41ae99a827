/** Net present value of yearly cash flows (index 0 = now) at a rate (fraction). */
export function netPresentValue(rate: number, cashFlows: readonly number[]): number {
  return cashFlows.reduce((sum, flow, year) => sum + flow / (1 + rate) ** year, 0);
}

/**
 * Internal rate of return (fraction) by bisection on the NPV. Hand-written because the npm
 * finance helpers use Newton's method without a bracket, which can diverge; an investment
 * (one negative flow, then positive ones) has exactly one root, which bisection always finds.
 * Returns NaN when the flows never pay the investment back within the bracket (−99 %…1000 %).
 */
export function internalRateOfReturn(cashFlows: readonly number[], tolerance = 1e-10): number {
  let low = -0.99;
  let high = 10;
  let npvLow = netPresentValue(low, cashFlows);
  const npvHigh = netPresentValue(high, cashFlows);
  if (Number.isNaN(npvLow) || Math.sign(npvLow) === Math.sign(npvHigh)) return Number.NaN;
  for (let i = 0; i < 200 && high - low > tolerance; i++) {
    const mid = (low + high) / 2;
    const npvMid = netPresentValue(mid, cashFlows);
    if (Math.sign(npvMid) === Math.sign(npvLow)) {
      low = mid;
      npvLow = npvMid;
    } else high = mid;
  }
  return (low + high) / 2;
}
