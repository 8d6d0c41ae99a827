import type { CatastroClient } from './catastro-client.js';
import { appSessionToken } from './app-session.js';
import { HttpClient } from './http-client.js';
import { IpcClient } from './ipc-client.js';

/** The API key for the HTTP client: `#apiKey=` in the URL wins over the one saved in settings. */
export function configuredApiKey(): string | undefined {
  const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('apiKey');
  if (fromHash) return fromHash;
  try {
    return window.localStorage.getItem('catastro.apiKey') ?? undefined;
  } catch {
    return undefined;
  }
}

/** Electron's preload exposes `window.catastro`; without it we are a browser tab of the HTTP API. */
export function createClient(): CatastroClient {
  if (window.catastro) return new IpcClient(window.catastro);
  return new HttpClient(window.location.origin, configuredApiKey, appSessionToken());
}
