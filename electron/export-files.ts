import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CatastroService } from '../core/service.js';

export type ExportFormat = 'kml' | 'gpx';

export function exportText(service: CatastroService, ref: string, format: ExportFormat): Promise<string> {
  return format === 'kml' ? service.exportKml(ref) : service.exportGpx(ref);
}

/** File name of an export: the reference is already validated to letters, digits and separators. */
export function exportFileName(ref: string, format: ExportFormat): string {
  return `${ref.replace(/[^\p{L}\p{N}-]/gu, '_')}.${format}`;
}

/** Writes a real export into a fresh temp folder so the OS drag carries an actual file. */
export async function writeTempExport(service: CatastroService, ref: string, format: ExportFormat): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'catastro-drag-'));
  const file = path.join(folder, exportFileName(ref, format));
  await writeFile(file, await exportText(service, ref, format), 'utf8');
  return file;
}
