import { appendFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JournalSummaries, MAX_PROBLEMS } from '../../../core/batch/journal-summary.js';
import { BatchJournal } from '../../../core/batch/journal.js';
import type { BatchRowResult } from '../../../core/model/index.js';
import { sampleParcelsGml } from '../../helpers/catastro-zips.js';
import { tempDir } from '../../helpers/temp-dir.js';

const dir = tempDir('catastro-journal-summary-');
// Only a found row's size matters to the summary (lines ~1.7 kB, so appends cut lines and the
// 4 MiB reads end inside them): the stand-in for its parcel is 1,500 bytes of the sample's GML.
const parcel = { gml: sampleParcelsGml().toString('utf8', 0, 1500) };

/** What the state said before: the whole journal parsed (BatchJournal.readAll), counted and filtered. */
function fromWholeJournal(file: string, total: number) {
  const results = BatchJournal.readAll(file);
  const count = (status: BatchRowResult['status']) => results.filter((r) => r.status === status).length;
  return {
    counts: {
      total,
      done: results.length,
      found: count('found'),
      notFound: count('not_found'),
      failed: count('failed'),
      charged: results.reduce((units, r) => units + (r.charged ?? 0), 0),
    },
    problems: results
      .filter((r) => r.status !== 'found')
      .slice(0, MAX_PROBLEMS)
      .map(({ row, input, status, code, reason }) => ({ row, input, status, code, reason })),
  };
}

const header = (fingerprint: string) => `${JSON.stringify({ kind: 'catastro-batch-journal', fingerprint, columns: { reference: 'referència' } })}\n`;
const line = (row: number, status: BatchRowResult['status'], note = '') =>
  `${JSON.stringify({ row, input: { referència: `ref ${row} ${note}` }, status, ...(status === 'found' ? { parcel } : { code: status === 'failed' ? 'SERVICE_UNAVAILABLE' : 'NOT_FOUND', reason: `no ${row} — ñ` }) })}\n`;
const statusOf = (row: number): BatchRowResult['status'] => (row % 7 === 0 ? 'failed' : row % 5 === 0 ? 'not_found' : 'found');

describe('JournalSummaries: a batch journal read as it grows', () => {
  it('equals the whole journal parsed at every step: appends, lines cut mid-write, retried rows, a journal begun anew', () => {
    const file = path.join(dir, 'result.csv.journal');
    const summaries = new JournalSummaries();
    writeFileSync(file, header('a'));
    expect(summaries.summaryOf(file, 3000)).toEqual(fromWholeJournal(file, 3000));
    let text = '';
    for (let row = 1; row <= 3000; row++) text += line(row, statusOf(row));
    // Appended in uneven slices: most polls see a line cut in the middle, some inside a multi-byte character.
    const bytes = Buffer.from(text);
    for (let at = 0; at < bytes.length;) {
      const next = Math.min(bytes.length, at + 997_003);
      appendFileSync(file, bytes.subarray(at, next));
      at = next;
      expect(summaries.summaryOf(file, 3000)).toEqual(fromWholeJournal(file, 3000));
    }
    expect(summaries.summaryOf(file, 3000).counts.done).toBe(3000);
    // A resume asks the failed rows again: a later line replaces the row's earlier answer.
    for (let row = 7; row <= 3000; row += 7) appendFileSync(file, line(row, row % 2 ? 'found' : 'not_found', 'again'));
    appendFileSync(file, '{"row": 12, "status": "fou'); // cut by a crash
    expect(summaries.summaryOf(file, 3000)).toEqual(fromWholeJournal(file, 3000));
    expect(summaries.summaryOf(file, 3000).counts.failed).toBe(0);
    // Begun anew (another batch's settings): shorter, then longer than what was read.
    writeFileSync(file, header('b') + line(1, 'not_found'));
    expect(summaries.summaryOf(file, 10)).toEqual(fromWholeJournal(file, 10));
    writeFileSync(file, header('c') + text);
    expect(summaries.summaryOf(file, 3000)).toEqual(fromWholeJournal(file, 3000));
  });

  it('a journal not written yet counts nothing', () => {
    expect(new JournalSummaries().summaryOf(path.join(dir, 'missing.journal'), 5)).toEqual({
      counts: { total: 5, done: 0, found: 0, notFound: 0, failed: 0, charged: 0 },
      problems: [],
    });
  });
});
