// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClientContext } from '../../../../renderer/ui/client-context.js';
import { ModalDialog } from '../../../../renderer/ui/ModalDialog.js';
import { BatchDialog } from '../../../../renderer/batch/BatchDialog.js';
import { DesignatedAreaForm } from '../../../../renderer/import/DesignatedAreaForm.js';
import { OfflineDialog } from '../../../../renderer/offline/OfflineDialog.js';
import { SettingsDialog } from '../../../../renderer/settings/SettingsDialog.js';
import { useAppStore } from '../../../../renderer/state/store.js';
import { fakeClient } from '../../../helpers/fake-client.js';

/**
 * The app's dialogs as modals (WAI-ARIA dialog pattern), through the real dialog components: the
 * focus goes in on open and back to the opener on close, Escape (the browser's `cancel`) only
 * asks the owner to close, and each dialog is named by its visible heading. Tab trapping and the
 * inert background are the browser's: test/e2e/modal-dialog.spec.ts checks them in Chromium.
 */
const initial = useAppStore.getState();
beforeEach(() => useAppStore.setState(initial, true));
afterEach(cleanup);

const offline = { areas: async () => [] };
// Offline areas under both names a client has offered them (desktop only, then the browser app too).
const client = fakeClient({ batchList: async () => [] }, { offline: offline as never, desktop: { offline } as never });

const withClient = (children: ReactNode) => <ClientContext.Provider value={client}>{children}</ClientContext.Provider>;

/** A toolbar button that opens Settings, as the app's does. */
function SettingsOpener() {
  const setOpen = useAppStore((s) => s.setSettingsOpen);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open settings
      </button>
      <SettingsDialog />
    </>
  );
}

/** The batch dialog with its owner's state, as BatchButton holds it. */
function BatchOpener({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open batch
      </button>
      {open && (
        <BatchDialog
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        />
      )}
    </>
  );
}

describe('a dialog opened from a button', () => {
  it('moves the focus into it, and gives it back to the button when it closes', () => {
    render(withClient(<SettingsOpener />));
    const opener = screen.getByRole('button', { name: 'Open settings' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog');
    expect(dialog.contains(document.activeElement)).toBe(true);

    act(() => useAppStore.getState().setSettingsOpen(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it("Escape is the dialog's cancel: prevented, it asks the owner to close, and the owner's state closes it", () => {
    const onClose = vi.fn();
    render(withClient(<BatchOpener onClose={onClose} />));
    const opener = screen.getByRole('button', { name: 'Open batch' });
    opener.focus();
    fireEvent.click(opener);
    const dialog = screen.getByRole('dialog') as HTMLDialogElement;
    expect(dialog.open).toBe(true);

    // What the browser fires on Escape (or any other close request) at a modal dialog.
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('while it must not be left (a download runs), Escape neither closes it nor asks to, even when the browser closes it anyway', () => {
    const onClose = vi.fn();
    render(
      <ModalDialog title="Downloading" onClose={onClose} closable={false}>
        <button type="button">Cancel download</button>
      </ModalDialog>,
    );
    const dialog = screen.getByRole('dialog', { name: 'Downloading' }) as HTMLDialogElement;
    const cancel = new Event('cancel', { cancelable: true });
    act(() => {
      dialog.dispatchEvent(cancel);
    });
    expect(cancel.defaultPrevented).toBe(true);
    // Chromium closes on a second Escape whatever `cancel` said: the dialog shows itself again.
    act(() => dialog.close());
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog.open).toBe(true);
  });

  it('a click on the backdrop closes Settings; a click inside it does not', () => {
    useAppStore.setState({ settingsOpen: true });
    render(withClient(<SettingsDialog />));
    fireEvent.click(screen.getByRole('heading', { name: 'Settings' }));
    expect(useAppStore.getState().settingsOpen).toBe(true);
    // A click on the ::backdrop is dispatched to the <dialog> itself (the panel fills it).
    fireEvent.click(screen.getByRole('dialog'));
    expect(useAppStore.getState().settingsOpen).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('each dialog is named by its visible heading (aria-labelledby), not by a second label', () => {
  const cases: [string, () => void, string][] = [
    [
      'Settings',
      () => {
        useAppStore.setState({ settingsOpen: true });
        render(withClient(<SettingsDialog />));
      },
      'Settings',
    ],
    [
      'Offline areas',
      () => {
        useAppStore.setState({ offlineDialog: { open: true } });
        render(withClient(<OfflineDialog />));
      },
      'Available offline',
    ],
    [
      'Batch',
      () => {
        render(withClient(<BatchDialog onClose={() => undefined} />));
      },
      'Batch lookup',
    ],
    [
      'Designated areas mapping',
      () => {
        useAppStore.getState().setLayerImport({ picked: { selection: 's1', kind: 'designated-areas', files: ['enp.shp'], fields: ['CODE'] } });
        render(withClient(<DesignatedAreaForm />));
      },
      'National designated areas',
    ],
  ];
  for (const [what, open, heading] of cases) {
    it(what, () => {
      open();
      const dialog = screen.getByRole('dialog', { name: heading });
      expect(dialog.hasAttribute('aria-label')).toBe(false);
      const labelledBy = dialog.getAttribute('aria-labelledby');
      expect(labelledBy).toBeTruthy();
      const label = document.getElementById(labelledBy!);
      expect(label?.tagName).toBe('H2');
      expect(label?.textContent).toBe(heading);
      expect(dialog.contains(label)).toBe(true);
    });
  }
});
