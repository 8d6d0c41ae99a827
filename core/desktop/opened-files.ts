import { statSync } from 'node:fs';
import path from 'node:path';
import { SHELL_TEXT, type ShellText } from './shell-text/index.js';

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

/** The question before a double-clicked file is imported (in the shell's language): which files, into which copy. */
export function importQuestion(files: readonly string[], words: ShellText['files'] = SHELL_TEXT.en.files): { message: string; detail: string } {
  const names = files.map((file) => path.basename(file));
  return { message: words.importQuestion(files.length, names[0]), detail: words.importQuestionDetail(names.join('\n')) };
}
