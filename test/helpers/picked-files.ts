import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

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
