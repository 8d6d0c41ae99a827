import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { sampleParcelsGml } from './catastro-zips.js';

/**
 * The sample's members as `copies` copies on a grid: each copy's outlines shifted by the sample's
 * extent (EPSG:25830 metres) and its references renumbered (valid 14-character urban and rustic shapes),
 * so every parcel of the file is a distinct parcel at its own place: an import writes every row
 * and its R*Tree entry, as GDAL does, instead of updating rows already there.
 */
export async function shiftedCopies(dir: string, copies: number): Promise<{ file: string; parcels: number }> {
  const gml = sampleParcelsGml().toString('utf8');
  const [start, end] = [gml.indexOf('<member>'), gml.lastIndexOf('</member>') + '</member>'.length];
  const members = gml.slice(start, end).split(/(?=<member>)/);
  const coordinates = [...gml.matchAll(/<gml:(?:posList[^>]*|pos)>([^<]+)</g)].flatMap((m) => m[1].trim().split(/\s+/).map(Number));
  const xs = coordinates.filter((_, i) => i % 2 === 0);
  const ys = coordinates.filter((_, i) => i % 2 === 1);
  const [dx, dy] = [Math.max(...xs) - Math.min(...xs) + 100, Math.max(...ys) - Math.min(...ys) + 100];
  const columns = Math.ceil(Math.sqrt(copies));
  const file = path.join(dir, `segovia-${copies}-copies.gml`);
  const out = createWriteStream(file);
  out.write(gml.slice(0, start));
  for (let copy = 0; copy < copies; copy++) {
    const [ox, oy] = [(copy % columns) * dx, Math.floor(copy / columns) * dy];
    const shift = (text: string) =>
      text
        .trim()
        .split(/\s+/)
        .map((v, i) => (Number(v) + (i % 2 === 0 ? ox : oy)).toFixed(3))
        .join(' ');
    let chunk = '';
    for (const [index, member] of members.entries()) {
      const ref = /<localId>([^<]+)</.exec(member)![1];
      // Same shape as the original (urban: 7 digits + sheet; rustic: municipality + letter + 8 digits), led by a 9 no real one uses here.
      const n = copy * members.length + index;
      const renamed =
        copy === 0 ? ref : /^[0-9]{5}[A-Z]/.test(ref) ? `${ref.slice(0, 6)}9${String(n).padStart(7, '0')}` : `9${String(n).padStart(6, '0')}${ref.slice(7)}`;
      chunk += member
        .split(ref)
        .join(renamed)
        .replace(/(<gml:(?:posList[^>]*|pos)>)([^<]+)</g, (_, tag: string, values: string) => `${tag}${shift(values)}<`);
    }
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end(gml.slice(end));
  await finished(out);
  return { file, parcels: members.length * copies };
}
