// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { version } from '../../../../package.json';
import { BROWSER_CLIENT, renderOpenSettings } from './open-settings.js';

afterEach(cleanup);

it('Settings shows the version of package.json, as the About box and `catastro --version` do', () => {
  renderOpenSettings(BROWSER_CLIENT);
  expect(screen.getByTestId('app-version').textContent).toBe(`Catastro Desktop, version ${version}`);
});
