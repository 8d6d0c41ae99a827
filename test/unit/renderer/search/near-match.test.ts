// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { ClientError } from '../../../../renderer/client/catastro-client.js';
import { parseQuery } from '../../../../renderer/search/parse-query.js';
import { runSearch } from '../../../../renderer/search/run-search.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { fakeClient } from '../../../helpers/fake-client.js';

const initial = useAppStore.getState();

describe('a 14-character reference not found, one slip from a parcel of the copy', () => {
  beforeEach(() => useAppStore.setState(initial, true));

  it("offers the copy's near reference under the search box, as a search for it", async () => {
    // The service's 404 for 000700100UL74X as the HTTP API answers it (test/integration/api/near-references.test.ts).
    const client = fakeClient({
      parcel: () => Promise.reject(new ClientError(404, 'NOT_FOUND', 'No parcel with reference 000700100UL74X.', { nearMatches: ['000700100UL74F'] })),
    });
    const query = parseQuery('000700100UL74X');
    expect(query.kind).toBe('reference');
    await runSearch(client, query);
    const error = useAppStore.getState().error;
    expect(error?.place).toBe('search');
    expect(error?.choices).toEqual([{ label: 'Search 000700100UL74F', text: '000700100UL74F' }]);
  });

  it('offers nothing when the service names no near reference', async () => {
    const client = fakeClient({ parcel: () => Promise.reject(new ClientError(404, 'NOT_FOUND', 'No parcel with reference 9999999ZZ9999Z.')) });
    await runSearch(client, parseQuery('9999999ZZ9999Z'));
    expect(useAppStore.getState().error?.choices).toBeUndefined();
  });
});
