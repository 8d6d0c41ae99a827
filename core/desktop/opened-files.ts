import { statSync } from 'node:fs';
import path from 'node:path';

/**
 * The files the system hands the app to open (electron-builder.yml fileAssociations: cadastral
 * .zip, .gml and .cat): on Windows and Linux as command-line arguments of a new start or of a
 * second instance, on macOS through `open-file`. Only existing regular files of those kinds are
 * kept; the app asks before importing them.
 */
export const OPENED_FILE_EXTENSIONS = ['zip', 'gml', 'cat'] as const;

export function openedFiles(argv: readonly string[], cwd: string): string[] {
  return argv
    .filter((arg) => !arg.startsWith('-') && OPENED_FILE_EXTENSIONS.some((ext) => arg.toLowerCase().endsWith(`.${ext}`)))
    .map((arg) => path.resolve(cwd, arg))
    .filter((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
}

/** The question before a double-clicked file is imported: which files, into which copy. */
export function importQuestion(files: readonly string[]): { message: string; detail: string } {
  const names = files.map((file) => path.basename(file));
  return {
    message: files.length === 1 ? `Import ${names[0]}?` : `Import ${files.length} files?`,
    detail: `${names.join('\n')}\n\nInto this computer's local copy. Parcels already in the copy are replaced by the file's.`,
  };
}
