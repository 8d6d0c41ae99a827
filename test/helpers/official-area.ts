import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { fixture } from './paths.js';

/** The real 40146 (Melque de Cercos, Segovia) parcels download, as the bundled sample holds it. */
export const segoviaParcelsGml = gunzipSync(readFileSync(fixture('A.ES.SDGC.CP.40146.cadastralparcel.gml.gz'))).toString('utf8');

/** A parcel's official area as that download states it, read with a plain regex (independent of the importers). */
export function officialSegoviaArea(ref: string): number {
  const member = segoviaParcelsGml.split('<member>').find((m) => m.includes(`gml:id="ES.SDGC.CP.${ref}"`))!;
  return Number(/<cp:areaValue uom="m2">([\d.]+)</.exec(member)![1]);
}
