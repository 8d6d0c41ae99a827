// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Parcel } from '../../../../core/model/index.js';
import type { CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { runSearch } from '../../../../renderer/search/run-search.js';
import { USelection } from '../../../../renderer/state/selection.js';
import { useAppStore } from '../../../../renderer/state/store.js';

// "Polígono 5 Parcela 23" in the municipality of the selected rustic parcel (40146, Melque de Cercos).
const selected = { refCatastral: '40146A00100001', pais: 'ES', latitud: 41.06, longitud: -4.47, mapsUrl: '', poligono: [], availableFields: {} } as unknown as Parcel;
const found = { ...selected, refCatastral: '40146A00500023' } as Parcel;
const initial = useAppStore.getState();

/** A client whose rustic lookup answers when the test says so, and records what it was asked. */
function slowClient() {
  let answer!: (parcel: Parcel) => void;
  let refuse!: (error: Error) => void;
  const asked: unknown[] = [];
  const client = {
    rusticParcel: (query: unknown) => {
      asked.push(query);
      return new Promise<Parcel>((resolve, reject) => { answer = resolve; refuse = reject; });
    },
  } as unknown as CatastroClient;
  return { client, asked, answer: (p: Parcel) => answer(p), refuse: (e: Error) => refuse(e) };
}

describe('search by polígono and parcela', () => {
  beforeEach(() => {
    useAppStore.setState(initial, true);
    useAppStore.getState().select(USelection.single(selected.refCatastral));
    useAppStore.getState().setParcel(selected, 'done');
  });

  it('asks the service with the municipality of the selected parcel and selects what it answers', async () => {
    const { client, asked, answer } = slowClient();
    const search = runSearch(client, { kind: 'rustic', poligono: 5, parcela: 23 });
    expect(asked).toEqual([{ provincia: '40', municipio: '146', poligono: 5, parcela: 23 }]);
    answer(found);
    await search;
    expect(useAppStore.getState().selection).toEqual(USelection.single('40146A00500023'));
    expect(useAppStore.getState().parcel).toBe(found);
  });

  it('a late answer does not take the place of a parcel the user chose meanwhile', async () => {
    const { client, answer } = slowClient();
    const search = runSearch(client, { kind: 'rustic', poligono: 5, parcela: 23 });
    useAppStore.getState().select(USelection.single('40146A00100003'));
    answer(found);
    await search;
    expect(useAppStore.getState().selection).toEqual(USelection.single('40146A00100003'));
    expect(useAppStore.getState().parcel).toBeNull();
  });

  it('a late refusal does not clear a parcel the user chose meanwhile', async () => {
    const { client, refuse } = slowClient();
    const search = runSearch(client, { kind: 'rustic', poligono: 5, parcela: 23 });
    useAppStore.getState().select(USelection.single('40146A00100003'));
    refuse(Object.assign(new Error('No parcel 5/23'), { code: 'NOT_FOUND' }));
    await search;
    expect(useAppStore.getState().selection).toEqual(USelection.single('40146A00100003'));
    expect(useAppStore.getState().error).toBeNull();
  });
});
