import { SAMPLE_PARCEL, expect, screenshot, search, test } from './support/app.js';

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
