import { useEffect, useState } from 'react';
import { useClient } from '../ui/client-context.js';
import { chooseLanguage, i18next, storedLanguage, useTranslation } from '../i18n/i18n.js';
import { SHIPPED_LANGUAGES } from '../i18n/resources.js';

/** A language named in itself (Español, Français), as language pickers do. */
const endonym = (code: string) => {
  const name = new Intl.DisplayNames([code], { type: 'language' }).of(code) ?? code;
  return name.charAt(0).toLocaleUpperCase(code) + name.slice(1);
};

/** The system's languages: Electron's (app.getPreferredSystemLanguages) in the desktop app, the browser's otherwise. */
export async function systemLanguages(client: ReturnType<typeof useClient>): Promise<readonly string[]> {
  if (client.desktop?.systemLanguages) {
    try {
      return await client.desktop.systemLanguages();
    } catch {
      // Fall back to the browser's list.
    }
  }
  return navigator.languages;
}

/** Settings' language switch: "system" or one shipped language, remembered across sessions. */
export function LanguageSetting() {
  const { t } = useTranslation('settings');
  const client = useClient();
  const [choice, setChoice] = useState<string>(() => storedLanguage() ?? 'system');
  const [system, setSystem] = useState<readonly string[]>(navigator.languages);
  useEffect(() => {
    void systemLanguages(client).then(setSystem);
  }, [client]);

  const change = async (value: string) => {
    setChoice(value);
    await chooseLanguage(value === 'system' ? null : value, system);
  };
  return (
    <label>
      {t('language')}
      <select value={choice} onChange={(e) => void change(e.target.value)} data-testid="language-select">
        <option value="system">{t('systemLanguage', { language: endonym(i18next.resolvedLanguage ?? 'en') })}</option>
        {SHIPPED_LANGUAGES.map((code) => (
          <option key={code} value={code} lang={code}>
            {endonym(code)}
          </option>
        ))}
      </select>
    </label>
  );
}
