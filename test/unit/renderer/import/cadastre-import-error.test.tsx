// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ClientError, type CatastroClient } from '../../../../renderer/client/catastro-client.js';
import { ErrorBanner } from '../../../../renderer/errors/ErrorBanner.js';
import { runImport } from '../../../../renderer/import/run-import.js';
import { useAppStore } from '../../../../renderer/state/store.js';

const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

/** A client whose import of picked cadastre files fails with the service's 400 for the second file. */
const failingClient = (message: string) =>
  ({
    kind: 'http',
    importFiles: async () => {
      throw new ClientError(400, 'VALIDATION_ERROR', message);
    },
  }) as unknown as CatastroClient;

describe('a failed cadastre import', () => {
  it('does not claim the copy is unchanged (files picked before the failed one stay imported) and gives file advice, not reference advice', async () => {
    // The message the service gives when the second of two picked files is a cut GML.
    const message =
      'Import of A.ES.SDGC.CP.40146.cadastralparcel.gml failed, nothing of it was kept: Malformed XML: unexpected end (a tag is not closed) (near character 199964).';
    render(<ErrorBanner />);
    await runImport(failingClient(message));
    const banner = await screen.findByRole('alert');
    expect(banner.textContent).toContain(message);
    expect(banner.textContent).not.toMatch(/local copy is unchanged/);
    expect(banner.textContent).not.toMatch(/a reference has 14 or 20 characters/);
    expect(banner.textContent).toContain('Files imported before it are kept');
    expect(banner.textContent).toMatch(/INSPIRE GML/);
  });
});
