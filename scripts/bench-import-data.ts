// What the import benches measure with and against (scripts/bench-import.ts, bench-team.ts):
// distinct parcels built from the real Segovia (40146) file, and a command's wall time, CPU time
// and peak memory as /usr/bin/time -v reports them.
import { spawnSync } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { gunzipSync } from 'node:zlib';

const SAMPLE = path.resolve('resources/sample/A.ES.SDGC.CP.40146.cadastralparcel.gml.gz');

export interface Measured { wallS: number; cpuS: number; peakMiB: number; stdout: string }

/** Runs a command under /usr/bin/time -v and reads its figures. */
export function timed(command: string, args: string[]): Measured {
  const run = spawnSync('/usr/bin/time', ['-v', command, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (run.status !== 0) throw new Error(`${command} failed (${run.status}): ${run.stderr.slice(-2000)}`);
  const field = (name: string) => new RegExp(`${name}: (.+)`).exec(run.stderr)?.[1].trim() ?? '';
  const clock = field('Elapsed \\(wall clock\\) time \\(h:mm:ss or m:ss\\)').split(':').map(Number);
  return {
    wallS: clock.reduce((total, part) => total * 60 + part, 0),
    cpuS: Number(field('User time \\(seconds\\)')) + Number(field('System time \\(seconds\\)')),
    peakMiB: Number(field('Maximum resident set size \\(kbytes\\)')) / 1024,
    stdout: run.stdout,
  };
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** "1.23 (1.10–1.40)": median and range, as docs/performance.md writes them. */
export const medianRange = (values: number[], digits = 2) =>
  `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;

/**
 * The sample's members as `copies` copies on a grid: each copy's outlines shifted by the sample's
 * extent (EPSG:25830 metres) and its references renumbered (valid 14-character urban and rustic shapes),
 * so every parcel of the file is a distinct parcel at its own place: an import writes every row
 * and its R*Tree entry, as GDAL does, instead of updating rows already there.
 */
export async function shiftedCopies(dir: string, copies: number): Promise<{ file: string; parcels: number }> {
  const gml = gunzipSync(readFileSync(SAMPLE)).toString('utf8');
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
    const shift = (text: string) => text.trim().split(/\s+/).map((v, i) => (Number(v) + (i % 2 === 0 ? ox : oy)).toFixed(3)).join(' ');
    let chunk = '';
    for (const [index, member] of members.entries()) {
      const ref = /<localId>([^<]+)</.exec(member)![1];
      // Same shape as the original (urban: 7 digits + sheet; rustic: municipality + letter + 8 digits), led by a 9 no real one uses here.
      const n = copy * members.length + index;
      const renamed = copy === 0 ? ref : /^[0-9]{5}[A-Z]/.test(ref) ? `${ref.slice(0, 6)}9${String(n).padStart(7, '0')}` : `9${String(n).padStart(6, '0')}${ref.slice(7)}`;
      chunk += member.split(ref).join(renamed).replace(/(<gml:(?:posList[^>]*|pos)>)([^<]+)</g, (_, tag: string, values: string) => `${tag}${shift(values)}<`);
    }
    if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  out.end(gml.slice(end));
  await finished(out);
  return { file, parcels: members.length * copies };
}
