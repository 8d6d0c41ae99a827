import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { DK_SOURCES_ENV } from '../core/countries/dk/config.js';
import { checkInput } from '../core/input.js';
import { ServiceError, type DatafordelerKeyView } from '../core/model/index.js';
import { DatafordelerApiKey } from '../core/model/input-schemas.js';
import { writePrivateFile } from './private-file.js';

/** File in the app's data folder holding the key, encrypted by the system for this user. */
export const DATAFORDELER_KEY_FILE = 'datafordeler-key.bin';

/** What the setting needs of Electron's `safeStorage` (a fake in tests). */
export interface SecretCipher {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
}

/**
 * Settings → Denmark of the desktop app: the Datafordeler API key every Danish lookup needs since
 * DAWA closed. Kept encrypted with the system's keychain (Electron `safeStorage`: Keychain,
 * DPAPI, libsecret/kwallet) in the data folder, readable by the user only; where the system offers
 * no encryption, Settings refuses to keep it (the environment variable remains). The renderer only
 * ever gets `DatafordelerKeyView`, never the key. CATASTRO_DK_DATAFORDELER_API_KEY, when set, wins.
 */
export class DatafordelerKeySetting {
  private readonly file: string;

  constructor(
    dataDir: string,
    private readonly cipher: SecretCipher,
    private readonly environment: string | undefined = process.env[DK_SOURCES_ENV.datafordelerApiKey]?.trim() || undefined,
  ) {
    this.file = path.join(dataDir, DATAFORDELER_KEY_FILE);
  }

  /** The key the service opens with: the environment's, else the saved one, else undefined. */
  current(): string | undefined {
    if (this.environment) return this.environment;
    if (!existsSync(this.file) || !this.cipher.isEncryptionAvailable()) return undefined;
    try {
      return DatafordelerKeySetting.check(this.cipher.decryptString(readFileSync(this.file)));
    } catch {
      return undefined; // a file another user or system encrypted, or damaged: as if none was saved
    }
  }

  view(): DatafordelerKeyView {
    return { configured: this.current() !== undefined, fromEnvironment: this.environment !== undefined, canStore: this.cipher.isEncryptionAvailable() };
  }

  /** A key typed in Settings, trimmed; null or '' remove it. */
  static check(value: unknown): string | undefined {
    if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
    return checkInput(
      DatafordelerApiKey,
      typeof value === 'string' ? value.trim() : value,
      () => 'The Datafordeler API key is the text shown on portal.datafordeler.dk: at most 256 characters, no spaces.',
    );
  }

  /** Saves `value` (checked first) and reopens the service with it; nothing is saved when the reopening fails. */
  async change(value: unknown, reopen: (key: string | undefined) => Promise<void>): Promise<DatafordelerKeyView> {
    if (this.environment) {
      throw new ServiceError(
        'VALIDATION_ERROR',
        `The Datafordeler API key is set by the ${DK_SOURCES_ENV.datafordelerApiKey} environment variable; unset it to enter the key in Settings.`,
      );
    }
    const key = DatafordelerKeySetting.check(value);
    if (key && !this.cipher.isEncryptionAvailable()) {
      throw new ServiceError(
        'VALIDATION_ERROR',
        `This system offers no encrypted storage for secrets (no keychain), so the key is not saved; set ${DK_SOURCES_ENV.datafordelerApiKey} instead.`,
      );
    }
    await reopen(key);
    this.save(key);
    return this.view();
  }

  private save(key: string | undefined): void {
    if (!key) {
      rmSync(this.file, { force: true });
      return;
    }
    writePrivateFile(this.file, this.cipher.encryptString(key));
  }
}
