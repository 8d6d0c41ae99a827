// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { GroundMotionResult, Parcel, SolarResult, TerrainResult } from '../../../../core/model/index.js';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import { ClientError, type CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { AnalysisSection } from '../../../../renderer/analysis/AnalysisSection.js';
import { displacementSeries } from '../../../../renderer/analysis/DisplacementChart.js';
import { fakeClient } from '../../../helpers/fake-client.js';

// jsdom has no canvas: record what the chart would draw instead of drawing it.
const plotted: unknown[] = [];
vi.mock('uplot', () => ({
  default: class {
    constructor(_o: unknown, data: unknown) {
      plotted.push(data);
    }
    destroy() {}
  },
}));
vi.mock('uplot/dist/uPlot.min.css', () => ({}));

afterEach(() => {
  cleanup();
  plotted.length = 0;
});

const parcel = { refCatastral: '000700100UL74F', pais: 'ES', poligono: [], latitud: 41, longitud: -4 } as unknown as Parcel;

const solar: SolarResult = {
  disponible: true,
  estado: 'ok',
  fuente: 'PVGIS (JRC)',
  kwh_year: 15234,
  kw_instalables: 10.8,
  ahorro_anual_eur: 900,
  amortizacion_anos: 9.5,
  co2_evitado_kg: 3800,
  irradiacion_media: 1900,
  nota_solar: 7,
  orientacion_optima: 'Sur',
  angulo_inclinacion: 35,
  costo_instalacion_eur: 12960,
  economics: {
    autoconsumo_kwh_ano: 6000,
    excedentes_kwh_ano: 9000,
    ingreso_neto_anual_eur: 900,
    payback_anos: 9.5,
    tir_pct: 8.2,
    retorno_total_25_anos_eur: 10000,
  },
} as SolarResult;

const terrain = {
  refcat: parcel.refCatastral,
  country: 'ES',
  protected_areas: {
    status: 'ok',
    intersects: true,
    inside: false,
    max_overlap_pct: 42.5,
    method: 'parcel',
    national: [],
    sources: [],
    natura2000: [{ code: 'ES0000011', name: 'Monte de El Pardo', type: 'SPA', country: 'ES', overlap_pct: 42.5 }],
  },
} as unknown as TerrainResult;

const motion = {
  refcat: parcel.refCatastral,
  country: 'ES',
  status: 'ok',
  period: { from: '2020-01', to: '2024-12', label: '2020-2024' },
  ground_motion: {
    class: 'moderate_subsidence',
    worst_class: 'severe_subsidence',
    vertical: { mean_mm_year: -4.2, max_subsidence_mm_year: -11.3, max_uplift_mm_year: 0.4, std_mm_year: 1.1, acceleration_mm_year2: 0, rmse_mm: 2 },
    yearly_displacement: [
      { year: 2022, mm: -8.1 },
      { year: 2020, mm: -0.5 },
      { year: 2021, mm: -4.3 },
    ],
    cells_with_data: 4,
    cells_considered: 4,
    coverage_pct: 100,
    basis: 'parcel',
    cell_size_m: 100,
  },
  source: { name: 'EGMS', license: 'CC BY 4.0', attribution: '© Copernicus EGMS', resolution: '100 m' },
  calculated_at: '2026-11-23T07:00:00Z',
  provenance: 'test',
} as unknown as GroundMotionResult;

function clientAnswering(answers: Record<string, unknown | Error>): CatastroClient & { analysis: ReturnType<typeof vi.fn> } {
  const analysis = vi.fn(async ({ kind }: { kind: string }) => {
    const answer = answers[kind];
    if (answer instanceof Error) throw answer;
    return answer as never;
  });
  return Object.assign(fakeClient({ analysis }), { analysis });
}

function renderWith(client: CatastroClient) {
  render(
    <ClientContext.Provider value={client}>
      <AnalysisSection parcel={parcel} />
    </ClientContext.Provider>,
  );
  fireEvent.click(screen.getByTestId('run-analysis'));
}

describe('AnalysisSection', () => {
  it('shows solar figures, the protected sites met and the ground-motion chart', async () => {
    const client = clientAnswering({ solar, terrain, 'ground-motion': motion });
    renderWith(client);
    await waitFor(() => expect(screen.getByTestId('solar-facts').textContent).toContain('15,234 kWh'));
    expect(screen.getByTestId('terrain-summary').textContent).toContain('ES0000011 Monte de El Pardo (SPA, 42.5%)');
    expect(screen.getByTestId('ground-motion-summary').textContent).toContain('moderate subsidence: mean -4.2 mm/year');
    await waitFor(() =>
      expect(plotted).toEqual([
        [
          [2020, 2021, 2022],
          [-0.5, -4.3, -8.1],
        ],
      ]),
    );
    expect(client.analysis).toHaveBeenCalledTimes(3);
  });

  it('lists the national designated areas met apart from the Natura 2000 sites', async () => {
    const national = [{ code: 'ES3110003', name: 'Cuenca del río Guadalix', designation: 'Parque Natural', country: 'ES', overlap_pct: 100 }];
    const both = { ...terrain, protected_areas: { ...terrain.protected_areas, inside: true, max_overlap_pct: 100, national } };
    renderWith(clientAnswering({ solar, terrain: both, 'ground-motion': motion }));
    await waitFor(() => expect(screen.getByTestId('terrain-national').textContent).toBe('ES3110003 Cuenca del río Guadalix (Parque Natural, 100%)'));
    expect(screen.getByTestId('terrain-natura2000').textContent).toBe('ES0000011 Monte de El Pardo (SPA, 42.5%)');
    expect(screen.getByTestId('terrain-summary').textContent).toContain('Inside protected sites (up to 100% of the parcel)');
  });

  it('keeps the parts that answered when one source is down, with the spec message and advice', async () => {
    renderWith(
      clientAnswering({
        solar: new ClientError(503, 'SERVICE_UNAVAILABLE', 'PVGIS does not answer; retry later.'),
        terrain,
        'ground-motion': { ...motion, status: 'no_data', ground_motion: undefined },
      }),
    );
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('PVGIS does not answer'));
    expect(screen.getByTestId('terrain-summary')).toBeTruthy();
    expect(screen.getByTestId('ground-motion-summary').textContent).toContain('no estimate');
    expect(plotted).toEqual([]);
  });

  it('orders the chart series by year', () => {
    expect(
      displacementSeries([
        { year: 2024, mm: 3 },
        { year: 2021, mm: 1 },
      ]),
    ).toEqual([
      [2021, 2024],
      [1, 3],
    ]);
  });
});

describe('no protected-area layer loaded', () => {
  const noLayer = { ...terrain, protected_areas: { status: 'no_layer' } } as unknown as TerrainResult;

  it("sends the app user to the layer panel's import, not to a File menu the browser app does not have", async () => {
    const client = { ...clientAnswering({ solar, terrain: noLayer, 'ground-motion': motion }), layers: {} } as unknown as CatastroClient;
    renderWith(client);
    await waitFor(() => expect(screen.getByTestId('terrain-summary').textContent).toContain('No protected-area layer is loaded'));
    const text = screen.getByTestId('terrain-summary').textContent!;
    expect(text).toContain('Layers → Import hazard layers');
    expect(text).not.toContain('File →');
  });

  it('tells a tab of a plain server the command that loads layers there, once', async () => {
    renderWith(clientAnswering({ solar, terrain: noLayer, 'ground-motion': motion }));
    await waitFor(() => expect(screen.getByTestId('terrain-summary').textContent).toContain('No protected-area layer is loaded'));
    const text = screen.getByTestId('terrain-summary').textContent!;
    expect(text).not.toContain('File →');
    expect(text.match(/import-layers/g)).toHaveLength(1);
  });
});

describe('solar orientation', () => {
  it('names the service\'s Spanish compass sector in the reader\'s language ("Sur" is South in English)', async () => {
    renderWith(clientAnswering({ solar: { ...solar, orientacion_optima: 'Suroeste' }, terrain, 'ground-motion': motion }));
    await waitFor(() => expect(screen.getByTestId('solar-facts').textContent).toContain('South-west, 35°'));
    expect(screen.getByTestId('solar-facts').textContent).not.toContain('Suroeste');
  });
});
