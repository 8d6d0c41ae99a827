import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadFile } from '../../../core/upstream/file-download.js';

// A server that never stops sending (chunked, no length) under a file the feed announced at
// 1 MB: the download wrote on until the disk was full, and never ended. It stops at the size.
describe('a download that sends more than was announced', () => {
  let server: http.Server;
  let url: string;
  let dir: string;
  let sentBytes: number;

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'download-bounds-'));
    sentBytes = 0;
    server = http.createServer((req, res) => {
      // `/huge`: a server announcing 10 GiB (Etalab's files have no feed: the server's length is
      // all there is); it sends 256 MB of it, then cuts (enough to see what the client writes).
      const huge = req.url?.endsWith('/huge') === true;
      const limit = huge ? 256 * 1024 ** 2 : 1024 ** 3;
      res.writeHead(200, { 'Content-Type': 'application/zip', ...(huge && { 'Content-Length': 10 * 1024 ** 3 }) });
      const chunk = Buffer.alloc(64 * 1024);
      const send = () => {
        while (!res.destroyed && sentBytes < limit && res.write(chunk)) sentBytes += chunk.length;
        if (!res.destroyed && sentBytes < limit) res.once('drain', send);
        else if (huge) res.destroy();
        else res.end();
      };
      send();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/A.ES.SDGC.CP.40146.zip`;
  });
  afterEach(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('is stopped past the announced size, refused naming it, and nothing of it is kept', async () => {
    const file = path.join(dir, 'A.ES.SDGC.CP.40146.zip');
    const started = Date.now();
    await expect(downloadFile({ url, file, expectedBytes: 1024 * 1024 }, { retries: 0 })).rejects.toThrow(
      `${url}: the server sent more than the 1048576 bytes announced; the file was discarded.`,
    );
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(sentBytes).toBeLessThan(64 * 1024 ** 2);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);

  it('a file of no announced size (chunked, no Content-Length) stops at the bound for unsized files', async () => {
    const file = path.join(dir, 'A.ES.SDGC.CP.40146.zip');
    await expect(downloadFile({ url, file }, { retries: 0, maxBytes: 2 * 1024 * 1024 })).rejects.toThrow(
      `${url}: the server sent more than 2097152 bytes without announcing a size`,
    );
    expect(sentBytes).toBeLessThan(64 * 1024 ** 2);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);

  // Issue #38 finding 15: the size a feed or server announced was trusted as the bound, so a
  // feed announcing 10 GiB was written until the disk filled.
  it('a file announced larger than the largest the service publishes is refused before a byte is written', async () => {
    const file = path.join(dir, 'A.ES.SDGC.CP.40146.zip');
    const requests: string[] = [];
    server.on('request', (req) => requests.push(String(req.url)));
    await expect(downloadFile({ url, file, expectedBytes: 10 * 1024 ** 3 }, { retries: 0 })).rejects.toThrow(
      `${url}: the feed announces 10240 MB, more than the largest file the service publishes (4096 MB, setting CATASTRO_MAX_DOWNLOAD_MB); it was not fetched.`,
    );
    expect(requests).toEqual([]);
    const huge = url.replace(/[^/]+$/, 'huge');
    await expect(downloadFile({ url: huge, file }, { retries: 0 })).rejects.toThrow(
      `${huge}: the server announces 10240 MB, more than the largest file the service publishes (4096 MB, setting CATASTRO_MAX_DOWNLOAD_MB); it was not fetched.`,
    );
    expect(sentBytes).toBeLessThan(64 * 1024 ** 2);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});
