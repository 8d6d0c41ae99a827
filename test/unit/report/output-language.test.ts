import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTPUT_LANGUAGES, requireOutputLanguage } from '../../../core/model/index.js';
import { repoRoot } from '../../helpers/paths.js';

describe('output languages (reports, batch results)', () => {
  it("are the renderer's shipped languages: a file is handed on in the language the app is read in", () => {
    const shipped = readdirSync(path.join(repoRoot, 'renderer/i18n/locales')).sort();
    expect([...OUTPUT_LANGUAGES]).toEqual(shipped);
  });

  it('take a regional tag by its language, default to English, and refuse one not shipped with VALIDATION_ERROR', () => {
    expect(requireOutputLanguage('es-ES')).toBe('es');
    expect(requireOutputLanguage('pt_BR')).toBe('pt');
    expect(requireOutputLanguage(' DE ')).toBe('de');
    expect(requireOutputLanguage(undefined)).toBe('en');
    expect(requireOutputLanguage('')).toBe('en');
    for (const bad of ['tlh', 'e', 'x-klingon', 42, {}]) {
      expect(() => requireOutputLanguage(bad), String(bad)).toThrow(expect.objectContaining({ code: 'VALIDATION_ERROR' }));
    }
  });
});
