import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CoordinateText } from '../../../core/store/importers/coordinate-text.js';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';

/** The real Segovia members, cut anywhere: the parser must get back exactly the original text. */
const gml = sampleParcelsGml().toString('utf8').slice(0, 60_000);

function roundTrip(cuts: number[]): { text: string; replaced: number } {
  const coordinates = new CoordinateText();
  let text = '';
  let replaced = 0;
  let at = 0;
  for (const cut of [...cuts, gml.length]) {
    const fed = coordinates.take(gml.slice(at, cut));
    at = cut;
    // What the reader does with each text node: a stand-in comes back as its coordinates.
    text += fed.replace(/\uE000\d+/g, (mark) => { replaced++; return coordinates.restore(mark); });
  }
  return { text: text + coordinates.flush(), replaced };
}

describe('coordinate lists taken out of the XML stream', () => {
  it('give back exactly the original text wherever the chunks are cut', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1, max: gml.length - 1 }), { maxLength: 40 }), (cuts) => {
      expect(roundTrip(cuts.sort((a, b) => a - b)).text).toBe(gml);
    }), { numRuns: 200 });
  });

  it('take out every complete posList of one chunk', () => {
    const { replaced } = roundTrip([]);
    expect(replaced).toBe(gml.split('<gml:posList').length - 1);
  });

  it('leave other text as it is', () => {
    expect(new CoordinateText().restore('4.5 40.1')).toBe('4.5 40.1');
  });
});
