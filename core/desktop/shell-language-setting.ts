import path from 'node:path';
import { OUTPUT_LANGUAGES, requireOutputLanguage, type OutputLanguage } from '../model/index.js';
import { readSettingFile, writeSettingFile } from './setting-file.js';
import { SHELL_TEXT, shellLanguage, type ShellText } from './shell-text/index.js';

/** Beside the app's other settings, in the user's data folder. */
export const SHELL_LANGUAGE_FILE = 'language.json';

/**
 * The language of the desktop shell (menus, native dialogs): the one the user chose in the
 * renderer's Settings, remembered here so the menu is in it from the next start, before the
 * window has loaded; null follows the system's languages.
 */
export class ShellLanguageSetting {
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly systemLanguages: () => readonly string[],
  ) {
    this.file = path.join(dataDir, SHELL_LANGUAGE_FILE);
  }

  /** The chosen language, or null (never chosen, back to the system, or a file edited by hand). */
  chosen(): OutputLanguage | null {
    const saved = readSettingFile(this.file)?.language;
    return OUTPUT_LANGUAGES.find((language) => language === saved) ?? null;
  }

  /** Remembers the choice (a shipped language, or null for the system's); another value is VALIDATION_ERROR. */
  choose(language: unknown): OutputLanguage {
    writeSettingFile(this.file, { language: language === null || language === undefined ? null : requireOutputLanguage(language) });
    return this.language();
  }

  language(): OutputLanguage {
    return shellLanguage(this.chosen(), this.systemLanguages());
  }

  text(): ShellText {
    return SHELL_TEXT[this.language()];
  }
}
