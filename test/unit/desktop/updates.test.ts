// The update decisions against a local release feed, driven through electron-updater's real feed
// reader, version comparison, download and sha512 check (test/helpers/update-feed.ts).
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BusyWork } from '../../../core/desktop/busy-work.js';
import { DesktopUpdates } from '../../../core/desktop/updates.js';
import { startFeed, updaterFor, type Release } from '../../helpers/update-feed.js';

const installer = (version: string): Release => ({ version, file: `catastro-desktop_${version}_amd64.deb`, bytes: randomBytes(64 * 1024) });

let closeFeed: (() => Promise<void>) | undefined;
afterEach(async () => {
  await closeFeed?.();
  closeFeed = undefined;
});

async function updatesAgainst(release: Release, installedVersion: string) {
  const feed = await startFeed(release);
  closeFeed = feed.close;
  const updater = updaterFor(installedVersion, feed.url);
  const quitAndInstall = vi.spyOn(updater, 'quitAndInstall').mockImplementation(() => undefined);
  const busy = new BusyWork();
  return { feed, updater, quitAndInstall, busy, updates: new DesktopUpdates(updater, busy) };
}

/** The files electron-updater keeps in its cache folder (the verified installer once downloaded). */
function cachedFiles(updater: unknown): string[] {
  const cache = path.join((updater as { app: { baseCachePath: string } }).app.baseCachePath, 'catastro-desktop-updater', 'pending');
  return existsSync(cache) ? readdirSync(cache).filter((name) => !name.endsWith('.json')) : [];
}

describe('desktop updates from a release feed', () => {
  it('offers a newer version, downloads it with its checksum verified, and installs when nothing runs', async () => {
    const release = installer('0.2.0');
    const { feed, updater, updates, quitAndInstall } = await updatesAgainst(release, '0.1.0');

    expect(await updates.check()).toEqual({ state: 'available', version: '0.2.0', current: '0.1.0' });
    expect(feed.requests.some((url) => url.startsWith('/latest-linux.yml'))).toBe(true);
    expect(feed.requests.some((url) => url.includes(release.file))).toBe(false); // nothing downloaded before the user says so

    expect(await updates.download()).toEqual({ state: 'ready', version: '0.2.0' });
    expect(cachedFiles(updater)).toEqual([release.file]);
    expect(updates.install()).toEqual({ state: 'installing' });
    expect(quitAndInstall).toHaveBeenCalledTimes(1);
  });

  it('says the installed version is current when the feed has the same one', async () => {
    const { updates, feed } = await updatesAgainst(installer('0.1.0'), '0.1.0');
    expect(await updates.check()).toEqual({ state: 'current', current: '0.1.0' });
    expect(feed.requests.filter((url) => !url.startsWith('/latest-linux.yml'))).toEqual([]);
    expect(updates.install()).toEqual({ state: 'nothing-downloaded' });
  });

  it('refuses a damaged file: its sha512 is not the published one, it is deleted, nothing is installed', async () => {
    const release = installer('0.2.0');
    const published = { ...release, publishedSha512: (await import('node:crypto')).createHash('sha512').update(release.bytes).digest('base64') };
    published.bytes = Buffer.from(release.bytes);
    published.bytes[1000] ^= 0xff; // one byte changed on the way
    const { updater, updates, quitAndInstall } = await updatesAgainst(published, '0.1.0');

    expect((await updates.check()).state).toBe('available');
    const download = await updates.download();
    expect(download).toEqual({ state: 'refused', message: expect.stringContaining('did not match its published checksum') });
    expect(cachedFiles(updater)).toEqual([]);
    expect(updates.install()).toEqual({ state: 'nothing-downloaded' });
    expect(quitAndInstall).not.toHaveBeenCalled();
  });

  it('says calmly that it could not check when the feed does not answer', async () => {
    const { updates, feed } = await updatesAgainst(installer('0.2.0'), '0.1.0');
    await feed.close();
    closeFeed = undefined;
    const check = await updates.check();
    expect(check).toEqual({
      state: 'could-not-check',
      message: expect.stringMatching(/^Could not check for updates \(no connection to the update server: ECONNREFUSED\)\. Catastro Desktop works as before/),
    });
  });

  it('never installs during an import or a download: it waits for the quit', async () => {
    const { updates, busy, quitAndInstall } = await updatesAgainst(installer('0.2.0'), '0.1.0');
    await updates.check();
    await updates.download();
    let finishImport!: () => void;
    const importing = busy.track(
      'import',
      () =>
        new Promise<void>((resolve) => {
          finishImport = resolve;
        }),
    );
    expect(updates.install()).toEqual({ state: 'deferred', message: 'Not now: an import is running. The update is installed when you quit Catastro Desktop.' });
    expect(quitAndInstall).not.toHaveBeenCalled();
    finishImport();
    await importing;
    expect(updates.install()).toEqual({ state: 'installing' });
  });
});
