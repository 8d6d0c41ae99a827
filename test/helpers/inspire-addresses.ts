import { readFileSync } from 'node:fs';
import proj4 from 'proj4';
import { fixture } from './paths.js';

/** The Catastro's INSPIRE Addresses file (AD 3.0), the real extract of Fasnia (38012, Tenerife). */
export const ADDRESSES_FILE = fixture('es_catastro_inspire_AD_38012_address.gml');
// WGS 84 / UTM 28N as the EPSG registry publishes it for proj, written out here rather than taken from core/geo.
const UTM28 = '+proj=utm +zone=28 +datum=WGS84 +units=m +no_defs';

/** Every AD:Address of the file as its text says (plain regexes, not the importer): reference (end of localId), designator, point. */
export function portalsOfFile(): { ref: string; number: string; lon: number; lat: number }[] {
  const text = readFileSync(ADDRESSES_FILE, 'latin1');
  return [...text.matchAll(/<AD:Address gml:id[\s\S]*?<\/AD:Address>/g)].map(([member]) => {
    const ref = /<base:localId>[^<]*\.(\w{14})<\/base:localId>/.exec(member)![1];
    const number = /<AD:designator>([^<\s][^<]*)<\/AD:designator>/.exec(member)![1];
    const [x, y] = /<gml:pos>([^<]+)<\/gml:pos>/
      .exec(member)![1]
      .trim()
      .split(/[\s,]+/)
      .map(Number);
    const [lon, lat] = proj4(UTM28, 'EPSG:4326', [x, y]);
    return { ref, number, lon, lat };
  });
}
