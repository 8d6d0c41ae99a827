import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IpcChannel } from '../../../electron/ipc-channels.js';
import { CatastroService } from '../../../core/service.js';
import { ClientError } from '../../../renderer/client/catastro-client.js';
import type { DesktopApi } from '../../../renderer/client/desktop-api.js';
import { IpcClient } from '../../../renderer/client/ipc-client.js';
import { startFakeCatastroAtom, type FakeCatastroAtom } from '../../fake-upstream/catastro-atom.js';
import { BusyWork } from '../../../core/desktop/busy-work.js';
import { setupAppIpc } from '../../helpers/app-ipc.js';
import { fakeWebContents, invokeFrom } from '../../helpers/ipc-recorder.js';

/**
 * The offline-area IPC handlers without an Electron binary (`electron` replaced by a recorder of
 * ipcMain handlers), over the real facade and the fake ATOM service (hand-written feeds, real zips).
 */
vi.mock('electron', async () => ({
  app: { getPreferredSystemLanguages: () => [], getLocale: () => 'en' },
  ipcMain: (await import('../../helpers/ipc-recorder.js')).recordingIpcMain,
  dialog: {},
  BrowserWindow: { fromWebContents: () => null },
}));

const sender = fakeWebContents();
const invoke = (channel: string, input?: unknown) => invokeFrom(sender, channel, input);

const busy = new BusyWork();
let fake: FakeCatastroAtom;
let dir: string;
let service: CatastroService;
beforeAll(async () => {
  fake = await startFakeCatastroAtom();
  dir = mkdtempSync(path.join(os.tmpdir(), 'offline-ipc-'));
  service = await CatastroService.open({ dataDir: dir, importSample: false, sources: { es: { atomBaseUrl: fake.baseUrl } } });
  setupAppIpc(service, sender, { busy });
});
afterAll(async () => {
  service?.close();
  await fake?.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  sender.sent.length = 0;
});

describe('offline areas over IPC', () => {
  it('downloads a municipality, pushes progress, lists and removes the area', async () => {
    // While it runs, the app counts it as busy work (no update is installed then); not after.
    const busyWhilePushing: string[] = [];
    const push = sender.send;
    sender.send = function (channel, payload) {
      busyWhilePushing.push(...busy.running());
      push.call(this, channel, payload);
    };
    const done = await invoke(IpcChannel.offlineDownload, { choice: { municipalities: ['40146'], buildings: false } }).finally(() => {
      sender.send = push;
    });
    expect(done).toMatchObject({ ok: true, data: { parcels: 1443, buildings: 0, failures: [], cancelled: false } });
    expect(new Set(busyWhilePushing)).toEqual(new Set(['download']));
    expect(busy.running()).toEqual([]);
    const pushed = sender.sent.filter(([channel]) => channel === IpcChannel.offlineProgress).map(([, p]) => p);
    expect(pushed[0]).toMatchObject({ phase: 'feeds' });
    expect(pushed.at(-1)).toMatchObject({ phase: 'done', filesDone: 1, filesTotal: 1, parcels: 1443 });
    expect(await invoke(IpcChannel.offlineAreas)).toMatchObject({ ok: true, data: [{ id: 'ES.40146', dataDate: '2021-09-11', parcels: 1443 }] });
    expect(await invoke(IpcChannel.offlineRemove, { id: 'ES.40146' })).toEqual({ ok: true, data: { parcels: 1443 } });
    expect(await invoke(IpcChannel.offlineRemove, { id: 'ES.40146' })).toMatchObject({ ok: false, error: { status: 404, code: 'NOT_FOUND' } });
    expect(await invoke(IpcChannel.offlineCancel)).toEqual({ ok: true, data: false });
  });

  it('offers a cancelled download, resumes it with progress pushed, and discards one', async () => {
    fake.setFault('A.ES.SDGC.CP.40146.zip', { kind: 'stall' });
    const running = invoke(IpcChannel.offlineDownload, { choice: { municipalities: ['40146'], buildings: false } });
    while (!sender.sent.some(([channel, p]) => channel === IpcChannel.offlineProgress && (p as { bytesDone: number }).bytesDone > 0))
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await invoke(IpcChannel.offlineCancel)).toEqual({ ok: true, data: true });
    expect(await running).toMatchObject({ ok: true, data: { cancelled: true } });
    expect(await invoke(IpcChannel.offlineInterrupted)).toMatchObject({
      ok: true,
      data: { choice: { municipalities: ['40146'] }, bytesOnDisk: expect.any(Number) },
    });
    sender.sent.length = 0;
    expect(await invoke(IpcChannel.offlineResume)).toMatchObject({ ok: true, data: { parcels: 1443, cancelled: false } });
    expect(sender.sent.filter(([channel]) => channel === IpcChannel.offlineProgress).at(-1)?.[1]).toMatchObject({ phase: 'done' });
    expect(await invoke(IpcChannel.offlineInterrupted)).toEqual({ ok: true, data: null });
    expect(await invoke(IpcChannel.offlineResume)).toMatchObject({ ok: false, error: { status: 404, code: 'NOT_FOUND' } });
    expect(await invoke(IpcChannel.offlineDiscard)).toEqual({ ok: true, data: { bytes: 0 } });
    expect(await invoke(IpcChannel.offlineRemove, { id: 'ES.40146' })).toEqual({ ok: true, data: { parcels: 1443 } });
  });

  it.each([
    [null, /is an object/],
    [{}, /Say what to make available offline/],
    [{ municipalities: 'Segovia' }, /municipalities must be a list/],
    [{ bbox: [10, 40, 5, 41] }, /bbox must be \[west, south, east, north\]/],
    [{ provinces: ['40'], buildings: 'yes' }, /buildings must be true or false/],
  ])('refuses the choice %j with VALIDATION_ERROR and a clear message', async (choice, message) => {
    expect(await invoke(IpcChannel.offlineDownload, { choice })).toMatchObject({
      ok: false,
      error: { status: 400, code: 'VALIDATION_ERROR', message: expect.stringMatching(message) },
    });
  });
});

// The reason crossed neither IPC (the answer had status, code and message only) nor the client, so
// the app's dialog could only show the English text.
describe('a refusal named by reason over IPC', () => {
  it('while another process downloads into the folder, the answer and the ClientError carry the reason', async () => {
    const other = spawn('sleep', ['60'], { stdio: 'ignore' });
    const downloads = path.join(dir, 'downloads');
    mkdirSync(downloads, { recursive: true });
    writeFileSync(path.join(downloads, 'download-owner.json'), JSON.stringify({ pid: other.pid, token: 'another-window', since: new Date().toISOString() }));
    try {
      const refused = {
        status: 400,
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/^A download is running in another window/),
        data: { reason: 'DOWNLOAD_RUNNING_ELSEWHERE' },
      };
      expect(await invoke(IpcChannel.offlineDownload, { choice: { municipalities: ['40146'] } })).toEqual({ ok: false, error: refused });
      expect(await invoke(IpcChannel.offlineResume)).toEqual({ ok: false, error: refused });

      const client = new IpcClient({
        offlineDownload: (input) => invoke(IpcChannel.offlineDownload, input),
        on: () => undefined,
      } as Partial<DesktopApi> as DesktopApi);
      const thrown = await client.offline.download({ municipalities: ['40146'] }, () => undefined).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(ClientError);
      expect(thrown).toMatchObject(refused);
    } finally {
      rmSync(path.join(downloads, 'download-owner.json'), { force: true });
      other.kill();
    }
  });
});
