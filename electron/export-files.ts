import { readdirSync, rmSync, statSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CatastroService } from '../core/service.js';
import { referenceFileName } from '../core/model/index.js';

export type ExportFormat = 'kml' | 'gpx';

/** The KML or GPX text of a parcel: its reference, and its country where known (shapes two countries share need it). */
export function exportText(service: CatastroService, [ref, country]: readonly [string, unknown?], format: ExportFormat): Promise<string> {
  return format === 'kml' ? service.exportKml(ref, country) : service.exportGpx(ref, country);
}

/** File name of an export: the reference is already validated to letters, digits and separators. */
export function exportFileName(ref: string, format: ExportFormat): string {
  return referenceFileName(ref, format);
}

const DRAG_FOLDER_PREFIX = 'catastro-drag-';
/** Folders this session made for drags, deleted when the app quits. */
const dragFolders = new Set<string>();

/** Writes a real export into a fresh temp folder so the OS drag carries an actual file. */
export async function writeTempExport(service: CatastroService, parcel: readonly [string, unknown?], format: ExportFormat): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), DRAG_FOLDER_PREFIX));
  dragFolders.add(folder);
  const file = path.join(folder, exportFileName(parcel[0], format));
  await writeFile(file, await exportText(service, parcel, format), 'utf8');
  return file;
}

/**
 * Deletes the drag folders of this session (on quit), and those older than `staleAfterMs` that a
 * session which crashed left behind (on start): a file dragged out was copied by its target.
 */
export function removeTempExports(options: { staleAfterMs?: number; now?: number } = {}): void {
  for (const folder of dragFolders) rmSync(folder, { recursive: true, force: true });
  dragFolders.clear();
  if (options.staleAfterMs === undefined) return;
  const now = options.now ?? Date.now();
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(DRAG_FOLDER_PREFIX)) continue;
    const folder = path.join(os.tmpdir(), name);
    try {
      if (now - statSync(folder).mtimeMs > options.staleAfterMs) rmSync(folder, { recursive: true, force: true });
    } catch {
      // Gone meanwhile, or not ours to read: nothing to clean.
    }
  }
}
