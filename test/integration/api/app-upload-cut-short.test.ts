import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSessionApi, uploadFolders, type SessionApi } from '../../helpers/picked-files.js';

/**
 * Uploads to `catastro start`'s session routes that a clumsy client cuts short or names badly,
 * over a real socket. Found by probing: a multipart body whose declared length arrived whole but
 * without its closing boundary was never answered (the request hung until the client gave up,
 * its pick folder left behind), and a file name holding a NUL byte answered 500.
 */
const SESSION = 'session-token-of-the-upload-cut-short-test';

let api: SessionApi;
let port: number;

beforeAll(async () => {
  api = await startSessionApi('upload-cut-short', SESSION);
  port = Number(new URL(api.app.url).port);
}, 60_000);
afterAll(async () => {
  await api?.close();
});

/** Sends the head and then each chunk after `gapMs`; resolves with the answer, or `null` when none came within `waitMs`. */
function send(path: string, body: string[], gapMs: number, waitMs = 5_000): Promise<{ status: number; body: string } | null> {
  const length = Buffer.byteLength(body.join(''));
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, waitMs);
    socket.on('data', (chunk) => {
      text += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]);
      resolve(Number.isFinite(status) ? { status, body: text.slice(text.indexOf('\r\n\r\n') + 4) } : null);
    });
    socket.on('connect', async () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nX-Catastro-Session: ${SESSION}\r\n` +
          `Content-Type: multipart/form-data; boundary=b\r\nContent-Length: ${length}\r\n\r\n`,
      );
      for (const chunk of body) {
        await new Promise((r) => setTimeout(r, gapMs));
        socket.write(chunk);
      }
    });
  });
}

const filePart = (name: string) => `--b\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/zip\r\n\r\n`;
const ROUTES = ['/api/app/imports', '/api/app/layer-picks?kind=ground-motion'];

describe.each(ROUTES)('%s', (route) => {
  it.each([
    ['whole at once', [`${filePart('a.zip')}PK\u0003\u0004-not-a-zip`], 0],
    ['cut while the file is being written', [`${filePart('a.zip')}PK\u0003\u0004-not-a-zip`, '-more-bytes-and-no-closing-boundary'], 300],
  ])('a body without its closing boundary (%s) → 400 VALIDATION_ERROR at once, no folder left', async (_name, chunks, gap) => {
    const answer = await send(route, chunks, gap);
    expect(answer, 'the server never answered').not.toBeNull();
    expect(answer!.status).toBe(400);
    expect(JSON.parse(answer!.body)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(JSON.parse(answer!.body).error).toMatch(/cut short/);
    expect(uploadFolders(api.service.dataDir)).toEqual([]);
  });

  it('a file name with a NUL byte → 400 VALIDATION_ERROR, never 500', async () => {
    const answer = await send(route, [`${filePart('a\u0000b.zip')}PK\r\n--b--\r\n`], 0);
    expect(answer).not.toBeNull();
    expect(answer!.status).toBe(400);
    expect(JSON.parse(answer!.body)).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    expect(uploadFolders(api.service.dataDir)).toEqual([]);
  });
});
