// A release feed as electron-builder publishes one (latest-linux.yml beside the installer), served
// on 127.0.0.1, and electron-updater's real Linux updater pointed at it with Node's HTTP client in
// place of Electron's net module (the only Electron piece of its check and download).
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DebUpdater, type AppUpdater } from 'electron-updater';
import { tempDir } from './temp-dir.js';

// builder-util-runtime is electron-updater's own runtime: its HttpExecutor downloads into the
// updater's cache and checks the sha512 as the bytes arrive (DigestTransform).
const runtime = createRequire(createRequire(import.meta.url).resolve('electron-updater'))('builder-util-runtime') as {
  HttpExecutor: new () => HttpExecutorBase;
  configureRequestUrl: (url: URL, options: http.RequestOptions) => void;
  configureRequestOptions: (options: http.RequestOptions) => http.RequestOptions;
};
interface DownloadOptions {
  headers?: http.OutgoingHttpHeaders;
  cancellationToken: {
    createPromise<T>(run: (resolve: (value: T) => void, reject: (error: Error) => void, onCancel: (handler: () => void) => void) => void): Promise<T>;
  };
}
interface HttpExecutorBase {
  doDownload(options: http.RequestOptions, task: object, redirectCount: number): void;
}

/**
 * Node's HTTP client where the app uses Electron's net module: the same download steps as
 * electron-updater's ElectronHttpExecutor.download (out/electronHttpExecutor.js), on http.request.
 */
class NodeHttpExecutor extends runtime.HttpExecutor {
  createRequest(options: http.RequestOptions, callback: (response: http.IncomingMessage) => void): http.ClientRequest {
    return http.request(options, callback);
  }

  download(url: URL, destination: string, options: DownloadOptions): Promise<string> {
    return options.cancellationToken.createPromise((resolve, reject, onCancel) => {
      const requestOptions: http.RequestOptions = { headers: options.headers };
      runtime.configureRequestUrl(url, requestOptions);
      runtime.configureRequestOptions(requestOptions);
      this.doDownload(
        requestOptions,
        {
          destination,
          options,
          onCancel,
          responseHandler: null,
          callback: (error: Error | null) => (error == null ? resolve(destination) : reject(error)),
        },
        0,
      );
    });
  }
}

export interface Release {
  version: string;
  file: string;
  bytes: Buffer;
  publishedSha512?: string;
}

/** The feed file electron-builder writes for a Linux release (its fields as in a real latest-linux.yml). */
export function latestLinuxYml(release: Release): string {
  const sha512 = release.publishedSha512 ?? createHash('sha512').update(release.bytes).digest('base64');
  return [
    `version: ${release.version}`,
    'files:',
    `  - url: ${release.file}`,
    `    sha512: ${sha512}`,
    `    size: ${release.bytes.length}`,
    `path: ${release.file}`,
    `sha512: ${sha512}`,
    "releaseDate: '2026-11-29T08:00:00.000Z'",
    '',
  ].join('\n');
}

export async function startFeed(release: Release): Promise<{ url: string; requests: string[]; close: () => Promise<void> }> {
  const requests: string[] = [];
  const server = http.createServer((request, response) => {
    requests.push(request.url ?? '');
    const name = decodeURIComponent(new URL(request.url ?? '/', 'http://feed').pathname.slice(1));
    if (name === 'latest-linux.yml') response.end(latestLinuxYml(release));
    else if (name === release.file) response.end(release.bytes);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** electron-updater's DebUpdater as the installed app `version` would run it, reading the feed at `feedUrl`. */
export function updaterFor(version: string, feedUrl: string): AppUpdater {
  const folder = tempDir('catastro-updater-');
  const configFile = path.join(folder, 'app-update.yml');
  writeFileSync(configFile, `provider: generic\nurl: ${feedUrl}\nupdaterCacheDirName: catastro-desktop-updater\n`);
  const cache = path.join(folder, 'cache');
  mkdirSync(cache);
  const app = {
    version,
    name: 'Catastro Desktop',
    isPackaged: true,
    appUpdateConfigPath: configFile,
    userDataPath: path.join(folder, 'user-data'),
    baseCachePath: cache,
    whenReady: () => Promise.resolve(),
    relaunch: () => undefined,
    quit: () => undefined,
    onQuit: () => undefined,
  };
  const updater = new DebUpdater(null, app);
  (updater as unknown as { httpExecutor: NodeHttpExecutor }).httpExecutor = new NodeHttpExecutor();
  updater.logger = null;
  return updater;
}
