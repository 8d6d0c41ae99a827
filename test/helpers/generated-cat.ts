import { closeSync, openSync, readFileSync, writeSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths.js';

const HAND_WRITTEN = path.join(repoRoot, 'test/unit/store/fixtures/two-fincas.handwritten.cat');

/**
 * A break-less CAT file of about `megabytes` MB built from the hand-written fixture's records
 * (test/unit/store/fixtures/two-fincas.handwritten.cat), its two fincas repeated with distinct
 * references (`NNNNNNNVK47k1N`, the copy's number in the first 7 digits): a bigger file is more
 * distinct fincas and units, not the same ones again. Returns the number of records written.
 */
export function writeGeneratedCat(file: string, megabytes: number): number {
  const [header, ...body] = readFileSync(HAND_WRITTEN, 'latin1').split(/\r?\n/).filter(Boolean);
  const refs = [...new Set(body.map((r) => r.slice(30, 44)))];
  const fd = openSync(file, 'w');
  try {
    writeSync(fd, Buffer.from(header, 'latin1'));
    let written = 1;
    for (let copy = 0; written * 1000 < megabytes * 1_000_000; copy++) {
      const block = body.map((r) => `${r.slice(0, 30)}${String(copy).padStart(7, '0')}VK47${refs.indexOf(r.slice(30, 44))}1N${r.slice(44)}`).join('');
      writeSync(fd, Buffer.from(block, 'latin1'));
      written += body.length;
    }
    return written;
  } finally {
    closeSync(fd);
  }
}
