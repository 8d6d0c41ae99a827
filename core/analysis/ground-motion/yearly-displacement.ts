const DAY_MS = 86_400_000;
const dayOf = (yyyymmdd: string) => Date.UTC(Number(yyyymmdd.slice(0, 4)), Number(yyyymmdd.slice(4, 6)) - 1, Number(yyyymmdd.slice(6, 8))) / DAY_MS;

/**
 * Displacement per calendar year (mm) from a series of dated displacements: the least-squares
 * trend of that year's acquisitions, times 365.25 days. A trend rather than "last minus first"
 * because single EGMS acquisitions carry millimetres of noise. Years with fewer than 3 dates are left out.
 */
export function yearlyDisplacement(dates: readonly string[], values: ArrayLike<number>): { year: number; mm: number }[] {
  const byYear = new Map<number, { x: number[]; y: number[] }>();
  dates.forEach((date, i) => {
    if (!Number.isFinite(values[i])) return;
    const year = Number(date.slice(0, 4));
    const bucket = byYear.get(year) ?? { x: [], y: [] };
    bucket.x.push(dayOf(date));
    bucket.y.push(values[i]);
    byYear.set(year, bucket);
  });
  const result: { year: number; mm: number }[] = [];
  for (const [year, { x, y }] of [...byYear].sort((a, b) => a[0] - b[0])) {
    if (x.length < 3) continue;
    const mx = x.reduce((a, b) => a + b) / x.length;
    const my = y.reduce((a, b) => a + b) / y.length;
    let sxy = 0,
      sxx = 0;
    for (let i = 0; i < x.length; i++) {
      sxy += (x[i] - mx) * (y[i] - my);
      sxx += (x[i] - mx) ** 2;
    }
    result.push({ year, mm: Math.round((sxy / sxx) * 365.25 * 10) / 10 });
  }
  return result;
}
