import { expect, test } from './support/app.js';

// Issue #18: in the browser (HTTP client) the store is the server's choice, not a setting.
test.describe('Settings → Team store in the browser', () => {
  test('explains that the server chooses the store and offers no URL field', async ({ app }) => {
    await app.getByRole('button', { name: 'Settings' }).click();
    const section = app.getByTestId('team-store');
    // A developer's option: folded under Advanced until asked for (issue #40).
    await expect(section).toBeHidden();
    await app.getByTestId('settings-advanced').getByText('Advanced').click();
    await expect(section.getByRole('heading', { name: 'Team store' })).toBeVisible();
    await expect(app.getByTestId('team-store-server')).toHaveText(
      'The store is chosen by the server: catastro serve --store postgres://… for a shared PostgreSQL/PostGIS database, else the copy in its data folder.',
    );
    await expect(app.getByTestId('team-store-server').locator('code')).toHaveText('catastro serve --store postgres://…');
    await expect(app.getByTestId('team-store-url')).toHaveCount(0);
    await expect(section.getByRole('button')).toHaveCount(0);
  });
});

test.describe('Settings → Team store in a Spanish browser', () => {
  test.use({ locale: 'es-ES' });

  test('says the same in Spanish', async ({ app }) => {
    await app.getByRole('button', { name: 'Ajustes' }).click();
    await expect(app.getByTestId('team-store-server')).toContainText('El almacén lo elige el servidor');
    await expect(app.getByTestId('team-store-server').locator('code')).toHaveText('catastro serve --store postgres://…');
  });
});
