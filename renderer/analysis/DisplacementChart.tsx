import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import { useTranslation } from '../i18n/i18n.js';
import 'uplot/dist/uPlot.min.css';

export interface YearlyDisplacement {
  year: number;
  mm: number;
}

/** uPlot's columnar data: years on x, millimetres on y. */
export function displacementSeries(points: YearlyDisplacement[]): [number[], number[]] {
  const sorted = [...points].sort((a, b) => a.year - b.year);
  return [sorted.map((p) => p.year), sorted.map((p) => p.mm)];
}

/** Yearly vertical displacement of the parcel's EGMS cells (negative = subsidence). */
export function DisplacementChart({ points }: { points: YearlyDisplacement[] }) {
  const { t } = useTranslation('analysis');
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element || points.length === 0) return;
    const plot = new uPlot(
      {
        width: Math.max(240, element.clientWidth || 300),
        height: 160,
        scales: { x: { time: false } },
        axes: [{ label: t('chart.year') }, { label: 'mm' }],
        series: [{ label: t('chart.year') }, { label: t('chart.series'), stroke: '#c92a2a', width: 2, points: { show: true } }],
      },
      displacementSeries(points),
      element,
    );
    return () => plot.destroy();
  }, [points, t]);
  return <div ref={container} className="displacement-chart" data-testid="displacement-chart" role="img" aria-label={t('chart.label')} />;
}
