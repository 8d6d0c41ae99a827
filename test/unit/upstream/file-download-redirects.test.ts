import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadFile } from '../../../core/upstream/file-download.js';

// Bulk downloads follow the same redirect rule as answers (core/upstream/same-host-fetch.ts):
// 127.0.0.1 and localhost are one machine but two host names, so a hop between them is "another host".
describe('resumable downloads and redirects', () => {
  let server: http.Server;
  let port: number;
  /** Another server of the same host, on another port: what a redirect there would fetch. */
  let other: http.Server;
  let otherPort: number;
  let otherRequests: number;
  let dir: string;
  const body = Buffer.from('PK\u0003\u0004 a zip, as far as this test cares');

  beforeEach(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'download-redirects-'));
    server = http.createServer((req, res) => {
      if (req.url === '/same') return res.writeHead(302, { Location: '/file.zip' }).end();
      if (req.url === '/other-port') return res.writeHead(302, { Location: `http://127.0.0.1:${otherPort}/file.zip` }).end();
      if (req.url === '/elsewhere') return res.writeHead(302, { Location: `http://localhost:${port}/file.zip` }).end();
      if (req.url === '/file.zip') return res.writeHead(200, { 'Content-Length': body.length }).end(body);
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    otherRequests = 0;
    other = http.createServer((_req, res) => {
      otherRequests++;
      res.writeHead(200, { 'Content-Length': body.length }).end(body);
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    otherPort = (other.address() as AddressInfo).port;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => other.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('follows a redirect on the same host', async () => {
    const file = path.join(dir, 'same.zip');
    await downloadFile({ url: `http://127.0.0.1:${port}/same`, file }, { retries: 1 });
    expect(readFileSync(file)).toEqual(body);
  });

  it('refuses a redirect to another host, naming the file, without retrying or keeping anything', async () => {
    const file = path.join(dir, 'elsewhere.zip');
    const seen: string[] = [];
    server.on('request', (req) => seen.push(String(req.url)));
    await expect(downloadFile({ url: `http://127.0.0.1:${port}/elsewhere`, file }, { retries: 3, baseDelayMs: 1 })).rejects.toThrow(
      `http://127.0.0.1:${port}/elsewhere: it redirected to another host (localhost), which is not followed.`,
    );
    expect(seen).toEqual(['/elsewhere']);
    expect(existsSync(file)).toBe(false);
  });

  // Issue #38 finding 10: the host alone was compared, so a hop to another port of it was followed.
  it('refuses a redirect to another port of the same host, and never asks that port', async () => {
    const file = path.join(dir, 'other-port.zip');
    await expect(downloadFile({ url: `http://127.0.0.1:${port}/other-port`, file }, { retries: 3, baseDelayMs: 1 })).rejects.toThrow(
      `http://127.0.0.1:${port}/other-port: it redirected to another port or scheme (http://127.0.0.1:${otherPort}), which is not followed.`,
    );
    expect(otherRequests).toBe(0);
    expect(existsSync(file)).toBe(false);
  });
});
