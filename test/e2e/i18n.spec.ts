import { SAMPLE_PARCEL, expect, screenshot, search, test } from './support/app.js';

// Each test loads the app, searches and switches languages: on a loaded shared machine, more than a minute.
test.describe.configure({ timeout: 120_000 });

test.describe('a browser set to Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('shows the interface in Spanish with Spanish numbers, and Settings switches the language for good', async ({ app }) => {
    await expect(app.locator('html')).toHaveAttribute('lang', 'es');
    await expect(app.getByTestId('parcel-panel')).toContainText('Identificar una parcela');
    await search(app, SAMPLE_PARCEL.ref);
    const panel = app.getByTestId('parcel-panel');
    await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
    // The API's field values stay as the source writes them (Rústico); labels and numbers follow the language.
    await expect(panel).toContainText('Superficie de la parcela');
    await expect(panel).toContainText('1.086 m²');
    await expect(panel).toContainText('Rústico');
    await expect(panel).toContainText('Copia local del catastro nacional');
    await screenshot(app, 'i18n-01-spanish-panel');

    await app.getByRole('button', { name: 'Ajustes' }).click();
    await app.getByTestId('language-select').selectOption('en');
    await expect(app.locator('html')).toHaveAttribute('lang', 'en');
    await app.getByRole('button', { name: 'Close settings' }).click();
    await expect(panel).toContainText('Parcel area');
    await expect(panel).toContainText('1,086 m²');

    await app.reload();
    await expect(app.getByTestId('parcel-panel')).toContainText('Identify a parcel');

    // Back to following the system: Spanish again.
    await app.getByRole('button', { name: 'Settings' }).click();
    await app.getByTestId('language-select').selectOption('system');
    await expect(app.getByTestId('parcel-panel')).toContainText('Identificar una parcela');
  });
});

test.describe('a browser set to French', () => {
  test.use({ locale: 'fr-FR' });

  test('shows the interface in French', async ({ app }) => {
    await expect(app.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(app.getByTestId('parcel-panel')).toContainText('Identifier une parcelle');
    await search(app, SAMPLE_PARCEL.ref);
    await expect(app.getByTestId('parcel-panel')).toContainText('1\u202f086 m²');
    await screenshot(app, 'i18n-02-french-panel');
  });
});

test.describe('a browser set to German', () => {
  test.use({ locale: 'de-DE' });

  test('shows the interface in German with German numbers; Settings offers all eight languages', async ({ app }) => {
    await expect(app.locator('html')).toHaveAttribute('lang', 'de');
    await expect(app.getByTestId('parcel-panel')).toContainText('Flurstück abfragen');
    await search(app, SAMPLE_PARCEL.ref);
    const panel = app.getByTestId('parcel-panel');
    await expect(app.getByTestId('parcel-ref')).toHaveText(SAMPLE_PARCEL.ref);
    await expect(panel).toContainText('Flurstücksfläche');
    // German grouping and decimal comma: 1.086 m² and 0,1086 ha.
    await expect(panel).toContainText('1.086 m² (0,1086 ha)');
    await expect(panel).toContainText('Lokale Kopie des nationalen Katasters');
    await screenshot(app, 'i18n-03-german-panel');

    await app.getByRole('button', { name: 'Einstellungen' }).click();
    // The dialog's code loads when it is first opened (renderer/ui/load-when-first-needed.tsx).
    await expect(app.getByTestId('language-select')).toBeVisible();
    const options = await app
      .getByTestId('language-select')
      .locator('option')
      .evaluateAll((nodes) => nodes.map((n) => (n as HTMLOptionElement).value));
    expect(options).toEqual(['system', 'de', 'en', 'es', 'fr', 'it', 'nl', 'pl', 'pt']);
    // Each language is named in itself, and picking one switches the whole interface.
    await expect(app.getByTestId('language-select').locator('option[value="pl"]')).toHaveText('Polski');
    await app.getByTestId('language-select').selectOption('it');
    await expect(app.locator('html')).toHaveAttribute('lang', 'it');
    await app.getByRole('button', { name: 'Chiudi le impostazioni' }).click();
    await expect(panel).toContainText('Superficie della particella');
    await expect(panel).toContainText('1.086 m² (0,1086 ha)');
    await app.getByRole('button', { name: 'Impostazioni' }).click();
    await app.getByTestId('language-select').selectOption('system');
    await expect(app.getByTestId('parcel-panel')).toContainText('Flurstücksfläche');
  });
});

test.describe('a browser set to Polish', () => {
  test.use({ locale: 'pl-PL' });

  test('shows the interface in Polish', async ({ app }) => {
    await expect(app.locator('html')).toHaveAttribute('lang', 'pl');
    await search(app, SAMPLE_PARCEL.ref);
    await expect(app.getByTestId('parcel-panel')).toContainText('Powierzchnia działki');
    await expect(app.getByTestId('parcel-panel')).toContainText('1\u00a0086 m²');
    await screenshot(app, 'i18n-04-polish-panel');
  });
});

test.describe('languages fetched when shown', () => {
  test.use({ locale: 'es-ES' });

  test('a Spanish browser paints Spanish from the first frame: English is never shown while Spanish loads', async ({ page, appUrl }) => {
    // Every text the page shows, from its first mutation on (English is bundled; Spanish is a chunk fetched at start).
    await page.addInitScript({
      content: `window.__shownEnglish = false;
        new MutationObserver(() => { if (document.body && document.body.textContent.includes('Identify a parcel')) window.__shownEnglish = true; })
          .observe(document, { childList: true, subtree: true, characterData: true });`,
    });
    await page.goto(appUrl);
    await expect(page.getByTestId('parcel-panel')).toContainText('Identificar una parcela');
    expect(await page.evaluate('window.__shownEnglish')).toBe(false);
  });
});

test.describe('a browser set to English', () => {
  test('Settings switches to a language not loaded at start (Polish): its strings are fetched and shown', async ({ app }) => {
    const fetched: string[] = [];
    app.on('request', (request) => fetched.push(request.url()));
    await expect(app.getByTestId('parcel-panel')).toContainText('Identify a parcel');
    await app.getByRole('button', { name: 'Settings' }).click();
    await app.getByTestId('language-select').selectOption('pl');
    await expect(app.locator('html')).toHaveAttribute('lang', 'pl');
    await app.getByRole('button', { name: 'Zamknij ustawienia' }).click();
    await expect(app.getByTestId('parcel-panel')).toContainText('Identyfikuj działkę');
    expect(fetched.filter((url) => /strings-pl/.test(url))).toHaveLength(1);
  });
});
