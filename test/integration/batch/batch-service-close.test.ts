import { describe, expect, it } from 'vitest';
import type { BatchState } from '../../../core/model/index.js';
import { CatastroService } from '../../../core/service.js';
import { tempDir } from '../../helpers/temp-dir.js';

const SAMPLE = ['40146A00405051', '000700100UL74F'];

/**
 * Closing the facade (the app quitting, `serve` stopping) with a batch running: the batch stops
 * where it is and shows interrupted, resumable. Before, it went on answering its rows from the
 * closed copy and recorded each as failed ("The database connection is not open").
 */
describe('a batch running when the service closes', () => {
  it('stops interrupted with no row failed, and resumes to the end', async () => {
    const dataDir = tempDir('catastro-batch-close-');
    const rows = Array.from({ length: 40_000 }, (_, i) => SAMPLE[i % 2]);
    let service = await CatastroService.open({ dataDir });
    const { id } = await service.batches.start({ csv: `refcat\n${rows.join('\n')}\n`, name: 'close.csv' });
    let state: BatchState = service.batches.state(id);
    for (let waited = 0; state.counts.done < 100 && waited < 30_000; waited += 20) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      state = service.batches.state(id);
    }
    expect(state.state).toBe('running');
    service.close();
    await new Promise((resolve) => setTimeout(resolve, 200)); // rows in flight settle

    service = await CatastroService.open({ dataDir });
    try {
      const after = service.batches.state(id);
      expect(after.state).toBe('interrupted');
      expect(after.counts.failed).toBe(0);
      expect(after.counts.done).toBeLessThan(rows.length);
      service.batches.resume(id);
      let done = service.batches.state(id);
      for (let waited = 0; done.state !== 'done' && waited < 60_000; waited += 50) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        done = service.batches.state(id);
      }
      expect(done.counts).toEqual({ total: rows.length, done: rows.length, found: rows.length, notFound: 0, failed: 0, charged: 0 });
    } finally {
      service.close();
    }
  }, 120_000);
});
