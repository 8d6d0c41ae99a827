// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import type { Parcel } from '../../../../core/model/index.js';
import { ClientError } from '../../../../renderer/client/catastro-client.js';
import { parseQuery } from '../../../../renderer/search/parse-query.js';
import { runSearch } from '../../../../renderer/search/run-search.js';
import { USelection } from '../../../../renderer/state/selection.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { fakeClient } from '../../../helpers/fake-client.js';
import { segoviaParcelStub } from '../segovia-parcel-stub.js';

// "Polígono 5 Parcela 23" in the municipality of the selected rustic parcel (40146, Melque de Cercos).
const selected = segoviaParcelStub('40146A00100001');
const found = { ...selected, refCatastral: '40146A00500023' } as Parcel;
const initial = useAppStore.getState();

/** A client whose rustic lookup answers when the test says so, and records what it was asked. */
function slowClient() {
  let answer!: (parcel: Parcel) => void;
  let refuse!: (error: Error) => void;
  const asked: unknown[] = [];
  const client = fakeClient({
    rusticParcel: (query) => {
      asked.push(query);
      return new Promise<Parcel>((resolve, reject) => {
        answer = resolve;
        refuse = reject;
      });
    },
  });
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
    expect(useAppStore.getState().selection).toEqual(USelection.single('40146A00500023', 'ES'));
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

describe('search by polígono and parcela of a municipality typed by name', () => {
  beforeEach(() => {
    useAppStore.setState(initial, true);
  });

  const asks = async (text: string) => {
    const { client, asked, answer } = slowClient();
    const search = runSearch(client, parseQuery(text));
    answer(found);
    await search;
    return asked;
  };

  it('asks with the municipality and province typed, in any of the forms people write', async () => {
    const named = { provincia: 'Segovia', municipio: 'Melque de Cercos', poligono: 1, parcela: 2 };
    expect(await asks('pol 1 par 2, Melque de Cercos (Segovia)')).toEqual([named]);
    expect(await asks('Polígono 1 Parcela 2 de Melque de Cercos, Segovia')).toEqual([named]);
    expect(useAppStore.getState().selection).toEqual(USelection.single('40146A00500023', 'ES'));
  });

  it('takes the province of the selected rustic parcel when only the municipality is typed, before or after the numbers', async () => {
    useAppStore.getState().select(USelection.single(selected.refCatastral));
    useAppStore.getState().setParcel(selected, 'done');
    const named = { provincia: '40', municipio: 'Melque de Cercos', poligono: 1, parcela: 2 };
    expect(await asks('Melque de Cercos polígono 1 parcela 2')).toEqual([named]);
    useAppStore.getState().select(USelection.single(selected.refCatastral));
    useAppStore.getState().setParcel(selected, 'done');
    expect(await asks('polígono 1 parcela 2 Melque de Cercos')).toEqual([named]);
  });

  it('asks with the name as the Catastro writes it, its article in parentheses, not that article as the province', async () => {
    useAppStore.getState().select(USelection.single(selected.refCatastral));
    useAppStore.getState().setParcel(selected, 'done');
    const cuesta = { provincia: '40', municipio: 'Cuesta (La)', poligono: 1, parcela: 2 };
    expect(await asks('polígono 1 parcela 2, Cuesta (La)')).toEqual([cuesta]);
    expect(await asks('pol 1 par 2 Cuesta (La) Segovia')).toEqual([{ ...cuesta, provincia: 'Segovia' }]);
  });

  it('asks nothing and says the province is needed when neither the text nor the map tells it', async () => {
    const { client, asked } = slowClient();
    await runSearch(client, parseQuery('Melque de Cercos polígono 1 parcela 2'));
    expect(asked).toEqual([]);
    const error = useAppStore.getState().error!;
    expect(error.place).toBe('search');
    expect(error.title).toBe('Polígono 1, parcela 2, Melque de Cercos');
    expect(error.message).toContain('province of Melque de Cercos');
    expect(error.advice).toContain('"Polígono 1 Parcela 2, Melque de Cercos (Segovia)"');
  });

  it('asks nothing, clears the selection and says a municipality is needed when only the numbers are typed and no rustic parcel is in view', async () => {
    useAppStore.getState().select(USelection.single('9398516VK3799G')); // urban: no municipality of rustic land
    const { client, asked } = slowClient();
    await runSearch(client, parseQuery('polígono 1 parcela 2'));
    expect(asked).toEqual([]);
    const error = useAppStore.getState().error!;
    expect(error).toMatchObject({ place: 'search', title: 'Polígono 1, parcela 2' });
    expect(error.message).toContain('none is in view');
    expect(error.advice).toContain('"Polígono 4 Parcela 30, Melque de Cercos (Segovia)"');
    expect(useAppStore.getState().selection).toEqual(USelection.none());
  });

  it('offers each place an ambiguous name fits as a search that asks for that one alone', async () => {
    const { client, asked, refuse } = slowClient();
    const search = runSearch(client, parseQuery('pol 1 par 5, Navas (Segovia)'));
    refuse(
      new ClientError(400, 'VALIDATION_ERROR', 'The municipality "Navas" in province SEGOVIA (40) matches 2: …', {
        parameter: 'municipio',
        candidates: [
          { name: 'NAVAS DE ORO', code: '150' },
          { name: 'NAVAS DE RIOFRIO', code: '151' },
        ],
      }),
    );
    await search;
    expect(asked).toEqual([{ provincia: 'Segovia', municipio: 'Navas', poligono: 1, parcela: 5 }]);
    const choices = useAppStore.getState().error!.choices!;
    expect(choices.map((c) => c.label)).toEqual(['NAVAS DE ORO', 'NAVAS DE RIOFRIO']);
    expect(parseQuery(choices[0].text)).toEqual({ kind: 'rustic', poligono: 1, parcela: 5, municipio: 'NAVAS DE ORO', provincia: 'Segovia' });
  });

  it('says in which province a name was looked for when it was taken from the map and the name is not there', async () => {
    useAppStore.getState().select(USelection.single(selected.refCatastral));
    useAppStore.getState().setParcel(selected, 'done');
    const { client, refuse } = slowClient();
    const search = runSearch(client, parseQuery('Villanueva de Nadie polígono 1 parcela 2'));
    refuse(new ClientError(404, 'NOT_FOUND', 'No municipality named "Villanueva de Nadie" in province SEGOVIA (40).'));
    await search;
    const error = useAppStore.getState().error!;
    expect(error.message).toContain('"Villanueva de Nadie"');
    expect(error.advice).toContain('Villanueva de Nadie was looked for in province 40');
    expect(error.choices).toBeUndefined();
  });
});
