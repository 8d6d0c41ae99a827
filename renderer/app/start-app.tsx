import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { CatastroClient } from '../client/catastro-client.js';
import { ClientContext } from '../ui/client-context.js';
import { chooseLanguage, i18nReady, i18next, storedLanguage } from '../i18n/i18n.js';
import { systemLanguages } from '../settings/LanguageSetting.js';
import { App } from './App.js';

/**
 * The app: React DOM and every panel, a chunk of its own that main.tsx imports once it has made the
 * map, and starts once the map has asked for the first view's tiles. MapView takes that map
 * (renderer/map/open-map.ts).
 */
export function startApp(client: CatastroClient): void {
  // In Electron the system's languages decide unless Settings chose one (the browser's were read at start),
  // and the shell's menus and dialogs follow the choice.
  if (client.desktop) {
    const desktop = client.desktop;
    if (!storedLanguage()) void systemLanguages(client).then((languages) => chooseLanguage(null, languages));
    const tellShell = () => void desktop.setShellLanguage?.(storedLanguage()).catch(() => undefined);
    tellShell();
    i18next.on('languageChanged', tellShell);
  }

  // Rendered once the shown language's strings are there (at once for English): a translated first paint.
  void i18nReady.then(() =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <ClientContext.Provider value={client}>
          <App />
        </ClientContext.Provider>
      </StrictMode>,
    ),
  );
}
