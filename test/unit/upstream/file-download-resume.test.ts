import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { discardDownload, downloadFile } from '../../../core/upstream/file-download.js';

// A file with no size announced beforehand (Bizkaia's zips, Etalab's files): only the server's
// validator can tell a resumable `.part` from the bytes of an older edition.
describe('resuming only the same file (If-Range)', () => {
  let server: http.Server;
  let url: string;
  let dir: string;
  let served: Buffer;
  let validators: boolean;
  const seen: { range?: string; ifRange?: string; status?: number }[] = [];
  const etag = (bytes: Buffer) => `"${createHash('sha1').update(bytes).digest('hex')}"`;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'download-resume-'));
    served = Buffer.from('first edition '.repeat(2000));
    validators = true;
    seen.length = 0;
    server = http.createServer((req, res) => {
      const request = { range: req.headers.range, ifRange: req.headers['if-range'] as string | undefined, status: 0 };
      seen.push(request);
      res.on('finish', () => {
        request.status = res.statusCode;
      });
      if (validators) res.setHeader('ETag', etag(served));
      const from = /^bytes=(\d+)-$/.exec(req.headers.range ?? '')?.[1];
      const sameFile = request.ifRange === undefined || request.ifRange === etag(served);
      if (from !== undefined && sameFile) {
        const start = Number(from);
        if (start >= served.length) return res.writeHead(416, { 'Content-Range': `bytes */${served.length}` }).end();
        return res.writeHead(206, { 'Content-Range': `bytes ${start}-${served.length - 1}/${served.length}` }).end(served.subarray(start));
      }
      res.writeHead(200, { 'Content-Length': served.length }).end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/parcels.zip`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  /** A finished download, then its `.part` cut back to `keep` bytes: what an interrupted run leaves. */
  async function interruptedAt(file: string, keep: number) {
    await downloadFile({ url, file }, { retries: 0 });
    writeFileSync(`${file}.part`, readFileSync(file).subarray(0, keep));
    rmSync(file);
  }

  it('resumes with Range and If-Range while the server still has the same file', async () => {
    const file = path.join(dir, 'parcels.zip');
    await interruptedAt(file, 5000);
    seen.length = 0;
    const outcome = await downloadFile({ url, file }, { retries: 0 });
    expect(seen).toEqual([{ range: 'bytes=5000-', ifRange: etag(served), status: 206 }]);
    expect(outcome).toEqual({ bytes: served.length, resumedFrom: 5000 });
    expect(readFileSync(file)).toEqual(served);
  });

  it('takes the whole new file when the server replaced it since (200 to If-Range), never a mix of both', async () => {
    const file = path.join(dir, 'parcels.zip');
    await interruptedAt(file, 5000);
    served = Buffer.from('second edition, longer '.repeat(2000));
    seen.length = 0;
    await downloadFile({ url, file }, { retries: 0 });
    expect(seen.map((r) => r.status)).toEqual([200]);
    expect(readFileSync(file)).toEqual(served);
  });

  it('revalidates a finished file left behind (its import interrupted): 416, no body sent again', async () => {
    const file = path.join(dir, 'parcels.zip');
    await downloadFile({ url, file }, { retries: 0 });
    seen.length = 0;
    const outcome = await downloadFile({ url, file }, { retries: 0 });
    expect(seen).toEqual([{ range: `bytes=${served.length}-`, ifRange: etag(served), status: 416 }]);
    expect(outcome).toEqual({ bytes: served.length, resumedFrom: served.length });
    expect(readFileSync(file)).toEqual(served);
  });

  it('without a validator resumes by Range alone, as before', async () => {
    validators = false;
    const file = path.join(dir, 'parcels.zip');
    await interruptedAt(file, 7000);
    seen.length = 0;
    await downloadFile({ url, file }, { retries: 0 });
    expect(seen).toEqual([{ range: 'bytes=7000-', ifRange: undefined, status: 206 }]);
    expect(readFileSync(file)).toEqual(served);
  });

  it('does not resume bytes fetched from another address', async () => {
    const file = path.join(dir, 'parcels.zip');
    await interruptedAt(file, 5000);
    seen.length = 0;
    await downloadFile({ url: `${url}?edition=2`, file }, { retries: 0 });
    expect(seen).toEqual([{ range: undefined, ifRange: undefined, status: 200 }]);
    expect(readFileSync(file)).toEqual(served);
  });

  it('discardDownload leaves nothing of a download behind', async () => {
    const file = path.join(dir, 'parcels.zip');
    await interruptedAt(file, 5000);
    expect(readdirSync(dir).sort()).toEqual(['parcels.zip.download.json', 'parcels.zip.part']);
    discardDownload(file);
    expect(readdirSync(dir)).toEqual([]);
    expect(existsSync(file)).toBe(false);
  });
});
