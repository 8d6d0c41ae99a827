import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApiServer, type StartedServer } from '../../core/api/server.js';
import { CatastroService } from '../../core/service.js';

/** The multipart body a browser sends for files picked in its file picker (one `file` part each). */
export function pickedFilesForm(files: Record<string, Buffer | string>): FormData {
  const form = new FormData();
  for (const [name, bytes] of Object.entries(files)) form.append('file', new Blob([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)]), name);
  return form;
}

/** The pick folders a data folder still holds under `uploads/`. */
export function uploadFolders(dataDir: string): string[] {
  const dir = path.join(dataDir, 'uploads');
  return existsSync(dir) ? readdirSync(dir) : [];
}

export interface SessionApi {
  /** The data folder, removed by close(). */
  dir: string;
  service: CatastroService;
  app: StartedServer;
  close(): Promise<void>;
}

/** `catastro start`'s server as its browser app meets it: an empty copy in a new folder, no keys, the session routes on. */
export async function startSessionApi(name: string, session: string): Promise<SessionApi> {
  const dir = mkdtempSync(path.join(os.tmpdir(), `catastro-${name}-`));
  const service = await CatastroService.open({ dataDir: dir, importSample: false });
  const app = await startApiServer({ service, auth: 'off', appSession: session });
  return {
    dir,
    service,
    app,
    close: async () => {
      await app.close();
      service.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
