import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSessionApi, uploadFolders, type SessionApi } from '../../helpers/picked-files.js';

/**
 * Issue #38 finding 17: an upload to the session routes was received whole (up to 8 GiB) before
 * its content was checked. Its first bytes are now checked as they arrive. Each case streams 300 MB
 * of junk under a name the route accepts, over a real socket, as fast as the server reads it, and
 * counts what was sent when the answer came: the refusal must come after a few KB, not after the
 * whole body (socket buffers on loopback hold a few MB, hence the generous bound).
 */
const SESSION = 'session-token-of-the-upload-first-bytes-test';
const JUNK_BYTES = 300 * 1024 ** 2;

let api: SessionApi;
let port: number;

beforeAll(async () => {
  api = await startSessionApi('upload-first-bytes', SESSION);
  port = Number(new URL(api.app.url).port);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

/** Streams one multipart file of JUNK_BYTES; resolves with the answer and the bytes written when its first byte came. */
function sendJunk(route: string, fileName: string, firstBytes: Buffer): Promise<{ status: number; body: string; sentWhenAnswered: number }> {
  const head = `--b\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
  const tail = '\r\n--b--\r\n';
  const length = Buffer.byteLength(head) + JUNK_BYTES + Buffer.byteLength(tail);
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let sent = 0;
    let sentWhenAnswered: number | undefined;
    let text = '';
    let stopped = false;
    socket.on('data', (chunk) => {
      sentWhenAnswered ??= sent;
      text += chunk;
    });
    socket.on('error', () => {
      stopped = true;
    });
    socket.on('close', () => {
      stopped = true;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      if (!Number.isFinite(status) || sentWhenAnswered === undefined) return reject(new Error(`no answer (${sent} bytes sent)`));
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4), sentWhenAnswered });
    });
    socket.on('connect', () => {
      socket.write(
        `POST ${route} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Catastro-Session: ${SESSION}\r\n` +
          `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${length}\r\n\r\n${head}`,
      );
      const filler = Buffer.alloc(1024 * 1024, 0x5a);
      const first = Buffer.concat([firstBytes, filler.subarray(firstBytes.length)]);
      const pump = () => {
        while (!stopped && sentWhenAnswered === undefined && sent < JUNK_BYTES) {
          const chunk = sent === 0 ? first : filler.subarray(0, Math.min(filler.length, JUNK_BYTES - sent));
          sent += chunk.length;
          if (!socket.write(chunk)) return void socket.once('drain', pump);
        }
        if (!stopped && sent >= JUNK_BYTES && sentWhenAnswered === undefined) socket.write(tail);
      };
      pump();
    });
  });
}

describe('an upload whose first bytes are not those of its ending', () => {
  it.each([
    ['/api/app/imports', 'A.ES.SDGC.CP.40146.zip', 'a zip', Buffer.from('junk, not a zip')],
    ['/api/app/imports', 'A.ES.SDGC.CP.40146.cadastralparcel.gml', 'an XML (GML) file', Buffer.from([0x00, 0x01, 0x02])],
    ['/api/app/imports', 'A.ES.SDGC.CP.40146.gml.gz', 'a gzip file', Buffer.from('PK\u0003\u0004')],
    ['/api/app/imports', '40146.CAT', 'a CAT file', Buffer.from('<?xml version="1.0"?>')],
    ['/api/app/layer-picks?kind=protected-areas', 'natura2000.gpkg', 'a GeoPackage', Buffer.from('SQLite format 2\0')],
    ['/api/app/layer-picks?kind=ground-motion', 'EGMS_L3.zip', 'a zip', Buffer.from('\u001f\u008b')],
  ])(
    '%s %s is refused (400 VALIDATION_ERROR) after a few KB of 300 MB, and leaves no upload',
    async (route, name, what, firstBytes) => {
      const answer = await sendJunk(route, name, firstBytes);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body)).toMatchObject({
        success: false,
        code: 'VALIDATION_ERROR',
        error: `${name} is not ${what}: its first bytes are not those of a .${name.split('.').at(-1)!.toLowerCase()} file. Nothing was imported.`,
      });
      expect(answer.sentWhenAnswered).toBeLessThan(32 * 1024 ** 2);
      await expect.poll(() => uploadFolders(api.service.dataDir)).toEqual([]);
      expect(api.service.status().parcels).toBe(0);
    },
    120_000,
  );
});
