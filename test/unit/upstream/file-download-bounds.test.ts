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
    server = http.createServer((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/zip' });
      const chunk = Buffer.alloc(64 * 1024);
      const send = () => {
        while (!res.destroyed && sentBytes < 1024 ** 3 && res.write(chunk)) sentBytes += chunk.length;
        if (!res.destroyed && sentBytes < 1024 ** 3) res.once('drain', send); else res.end();
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
    await expect(downloadFile({ url, file, expectedBytes: 1024 * 1024 }, { retries: 0 }))
      .rejects.toThrow(`${url}: the server sent more than the 1048576 bytes announced; the file was discarded.`);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(sentBytes).toBeLessThan(64 * 1024 ** 2);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);

  it('a file of no announced size (chunked, no Content-Length) stops at the bound for unsized files', async () => {
    const file = path.join(dir, 'A.ES.SDGC.CP.40146.zip');
    await expect(downloadFile({ url, file }, { retries: 0, maxUnannouncedBytes: 2 * 1024 * 1024 }))
      .rejects.toThrow(`${url}: the server sent more than 2097152 bytes without announcing a size`);
    expect(sentBytes).toBeLessThan(64 * 1024 ** 2);
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
  }, 60_000);
});
