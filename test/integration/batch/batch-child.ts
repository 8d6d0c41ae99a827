// A process that starts a batch over a data folder and then hangs on its second row, until the
// test kills it (SIGKILL): a server worker dying mid-batch. Its first row's answer is a stand-in
// (this process has no copy open); what the test checks is the claim and the journal it leaves.
import { BatchJobs } from '../../../core/batch/batch-jobs.js';
import type { Parcel, ParcelQuery } from '../../../core/model/index.js';

const [dir, csv] = process.argv.slice(2);
let calls = 0;
const jobs = new BatchJobs(dir, async (query: ParcelQuery) => {
  calls++;
  if (calls === 1) return { refCat14: (query as { reference: string }).reference } as unknown as Parcel;
  return new Promise<Parcel>(() => {});
});
const { id } = await jobs.start({ csv });
const timer = setInterval(() => {
  if (jobs.state(id).counts.done >= 1) {
    clearInterval(timer);
    process.stdout.write(`${id}\n`);
  }
}, 20);
