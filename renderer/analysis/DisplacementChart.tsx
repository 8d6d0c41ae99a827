import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface YearlyDisplacement { year: number; mm: number }

/** uPlot's columnar data: years on x, millimetres on y. */
export function displacementSeries(points: YearlyDisplacement[]): [number[], number[]] {
  const sorted = [...points].sort((a, b) => a.year - b.year);
  return [sorted.map((p) => p.year), sorted.map((p) => p.mm)];
}

/** Yearly vertical displacement of the parcel's EGMS cells (negative = subsidence). */
export function DisplacementChart({ points }: { points: YearlyDisplacement[] }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || points.length === 0) return;
    const plot = new uPlot({
      width: Math.max(240, element.clientWidth || 300),
      height: 160,
      scales: { x: { time: false } },
      axes: [{ label: 'year' }, { label: 'mm' }],
      series: [{ label: 'year' }, { label: 'vertical displacement (mm)', stroke: '#c92a2a', width: 2, points: { show: true } }],
    }, displacementSeries(points), element);
    return () => plot.destroy();
  }, [points]);
  return <div ref={container} className="displacement-chart" data-testid="displacement-chart" role="img" aria-label="Yearly vertical displacement chart" />;
}
