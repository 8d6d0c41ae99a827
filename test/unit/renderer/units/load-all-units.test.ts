// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Unit, UnitsPage } from '../../../../core/model/index.js';
import { ClientError, type CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { loadAllUnits } from '../../../../renderer/units/load-all-units.js';
import { fakeClient } from '../../../helpers/fake-client.js';

const FINCA = '9398516VK3799G';
const all: Unit[] = Array.from({ length: 450 }, (_, i) => ({
  refCatastral: `${FINCA}${String(i).padStart(4, '0')}XY`,
  escalera: '',
  planta: '01',
  puerta: String(i),
  uso: 'Residencial',
  superficie: 70,
  descripcion: '',
  participacion: 0.2,
  anio: 1990,
  direccion: '',
}));

/** Pages like the API: 200 per page, ordered, nextCursor = first reference of the next page. */
function pagingClient(cursors: (string | undefined)[], failAt?: number): CatastroClient {
  return fakeClient({
    units: async ({ cursor }) => {
      cursors.push(cursor);
      if (failAt !== undefined && cursors.length - 1 === failAt) throw new ClientError(503, 'SERVICE_UNAVAILABLE', 'catastro does not answer');
      const start = cursor ? all.findIndex((u) => u.refCatastral === cursor) : 0;
      const page = all.slice(start, start + 200);
      const next = all[start + 200];
      return {
        refCatastral: FINCA,
        totalUnidadesFinca: all.length,
        unidades: page,
        truncated: !!next,
        nextCursor: next?.refCatastral,
        dataSource: 'clone',
        dataDate: '2026-01-01',
        attribution: 'DGC',
      } as UnitsPage;
    },
  });
}

describe('loadAllUnits', () => {
  beforeEach(() => useAppStore.getState().setUnits({ finca: null, status: 'idle', rows: [], expected: 0, error: undefined }));

  it('follows nextCursor while truncated and ends with every unit once', async () => {
    const cursors: (string | undefined)[] = [];
    await loadAllUnits(pagingClient(cursors), { ref: FINCA, country: 'ES' });
    const { units } = useAppStore.getState();
    expect(cursors).toEqual([undefined, all[200].refCatastral, all[400].refCatastral]);
    expect(units.status).toBe('done');
    expect(units.rows.map((u) => u.refCatastral)).toEqual(all.map((u) => u.refCatastral));
    expect(units.expected).toBe(450);
  });

  it('keeps the pages it got and reports the error with advice when a page fails', async () => {
    await loadAllUnits(pagingClient([], 1), { ref: FINCA, country: 'ES' });
    const { units } = useAppStore.getState();
    expect(units.status).toBe('error');
    expect(units.rows).toHaveLength(200);
    expect(units.error?.code).toBe('SERVICE_UNAVAILABLE');
    expect(units.error?.advice).toMatch(/retry/i);
  });
});
