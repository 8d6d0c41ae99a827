/**
 * Test setup only: jsdom (27) has an HTMLDialogElement without showModal() and close(), and no
 * key handling. This is the least of the browser's behaviour the dialogs rely on: showModal()
 * sets `open` (throwing as browsers do when already open), close() clears it and fires `close`,
 * and Escape pressed inside an open dialog fires a cancelable `cancel` on it, after which the
 * dialog closes unless `cancel` was prevented. Focus trap, inert background and the first-control
 * focus are NOT emulated: real Chromium covers them in test/e2e/modal-dialog.spec.ts.
 */
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  const escapeCancels = (event: Event) => {
    const dialog = event.currentTarget as HTMLDialogElement;
    if ((event as KeyboardEvent).key !== 'Escape' || !dialog.open) return;
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  };
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      if (this.open) throw new DOMException('The dialog is already open.', 'InvalidStateError');
      this.setAttribute('open', '');
      this.addEventListener('keydown', escapeCancels);
    },
    close(this: HTMLDialogElement) {
      if (!this.open) return;
      this.removeAttribute('open');
      this.removeEventListener('keydown', escapeCancels);
      this.dispatchEvent(new Event('close'));
    },
  });
}
