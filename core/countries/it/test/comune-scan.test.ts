import { describe, expect, it } from 'vitest';
import { IT_PROFILE } from '../country.js';
import { comuneByCode } from '../comuni.js';
import { ItalyLiveSource } from '../live-source.js';
import type { AdapterContext } from '../../adapter.js';
import { isServiceError } from '../../../model/index.js';
import { loadCountryFixture } from '../../../../test/fake-upstream/countries/fake-server.js';

/** The real AdE answer (one parcel, numberReturned="1"), and the same answer re-labelled to Senorbì (I615). */
const RECORDING = loadCountryFixture('it_ade_wfs_getfeature_cp_A000W000200.STRADA001.gml').toString('utf8');
const RELABELLED = RECORDING.replace(/A000W000200/g, 'I615W000200').replace(/>A000</g, '>I615<');
const EMPTY = RECORDING.replace(/numberMatched="1" numberReturned="1"/, 'numberMatched="0" numberReturned="0"').replace(
  /<wfs:member>[\s\S]*<\/wfs:member>/,
  '',
);

/** A context whose upstream answers page n (STARTINDEX / COUNT) with pages[n]; records the URLs asked. */
function contextAnswering(pages: string[]): { ctx: AdapterContext; asked: URL[] } {
  const asked: URL[] = [];
  const http = {
    async getText(url: string) {
      const parsed = new URL(url);
      asked.push(parsed);
      const page = Number(parsed.searchParams.get('STARTINDEX')) / Number(parsed.searchParams.get('COUNT'));
      return { status: 200, body: pages[page] ?? EMPTY, contentType: 'text/xml' };
    },
  };
  return { ctx: { http, store: undefined } as unknown as AdapterContext, asked };
}

describe("Italy: a reference is looked up by scanning its comune's extent page by page", () => {
  it('the bundled table knows the comuni by cadastral code, with province and an extent holding them', () => {
    expect(comuneByCode('H501')).toMatchObject({ name: 'Roma', province: 'RM' });
    const [w, s, e, n] = comuneByCode('H501')!.bbox;
    // The Colosseum (12.4922 E, 41.8902 N) lies inside Rome's extent.
    expect(w < 12.4922 && e > 12.4922 && s < 41.8902 && n > 41.8902).toBe(true);
    expect(comuneByCode('A000')).toBeUndefined();
  });

  it('follows STARTINDEX until the parcel turns up, and names its comune and province', async () => {
    const source = new ItalyLiveSource('http://it.invalid/wfs', IT_PROFILE, { pageSize: 1, maxPages: 5 });
    const { ctx, asked } = contextAnswering([RECORDING, RELABELLED]);
    const parcel = await source.byReference('I615W000200.STRADA001', ctx);
    expect(parcel).toMatchObject({ ref: 'I615W000200.STRADA001', country: 'IT', municipio: 'Senorbì', provincia: 'SU' });
    expect(asked.map((u) => u.searchParams.get('STARTINDEX'))).toEqual(['0', '1']);
  });

  it('a short page ends the scan (no such parcel); a comune too large to read ends with a clear 422', async () => {
    const source = new ItalyLiveSource('http://it.invalid/wfs', IT_PROFILE, { pageSize: 1, maxPages: 3 });
    expect(await source.byReference('I615W000200.99', contextAnswering([RECORDING, EMPTY]).ctx)).toBeUndefined();
    let caught: unknown;
    try {
      await source.byReference('I615W000200.99', contextAnswering([RECORDING, RECORDING, RECORDING, RECORDING]).ctx);
    } catch (error) {
      caught = error;
    }
    expect(isServiceError(caught) && caught.code).toBe('CNV_COVERAGE');
    expect((caught as Error).message).toMatch(/Senorbì \(SU\).*more than 3 parcels.*by coordinates/);
  });

  it('refuses a comune whose box holds more parcels than the scan reads after its first page, naming the count', async () => {
    const source = new ItalyLiveSource('http://it.invalid/wfs', IT_PROFILE, { pageSize: 1, maxPages: 20 });
    const crowded = RECORDING.replace('numberMatched="1"', 'numberMatched="187000"');
    const { ctx, asked } = contextAnswering(Array(20).fill(crowded));
    let caught: unknown;
    try {
      await source.byReference('I615W000200.99', ctx);
    } catch (error) {
      caught = error;
    }
    expect(isServiceError(caught) && caught.code).toBe('CNV_COVERAGE');
    expect((caught as Error).message).toMatch(/holds 187000 parcels, more than the 20 this lookup reads.*by coordinates or address/);
    expect(asked).toHaveLength(1);
    const onFirstPage = await source.byReference(
      'I615W000200.STRADA001',
      contextAnswering([RELABELLED.replace('numberMatched="1"', 'numberMatched="187000"')]).ctx,
    );
    expect(onFirstPage).toMatchObject({ ref: 'I615W000200.STRADA001', municipio: 'Senorbì' });
  });
});
