import { useId, useLayoutEffect, useRef, type FormEvent, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react';
import { ErrorBanner } from '../errors/ErrorBanner.js';
import { modalOpened } from './open-modals.js';

interface ModalDialogProps {
  /** The visible heading; it is also the dialog's accessible name (aria-labelledby). */
  title: ReactNode;
  /** Asked to close (Escape, a click on the backdrop when allowed): the caller's state decides. */
  onClose: () => void;
  /** False while work must not be left (e.g. a download runs): Escape and the backdrop keep it open. */
  closable?: boolean;
  /** A click on the dimmed background closes the dialog too. */
  closeOnBackdropClick?: boolean;
  /** Classes of the panel (the visible box), besides `dialog`. */
  className?: string;
  testId?: string;
  /** Given: the panel is a form and this handles its submit. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}

/**
 * The app's one modal dialog. It is the native <dialog> opened with showModal(), so the browser
 * itself keeps Tab inside it, makes everything behind it inert (no clicks, not read by screen
 * readers), draws it in the top layer above the map and turns Escape into a `cancel` event: the
 * whole WAI-ARIA dialog pattern, which is why no focus-trap library is used.
 *
 * React state stays the one source of truth: the dialog is shown while this component is mounted.
 * Escape (`cancel`) is prevented and only asks `onClose`; unmounting closes the dialog and gives
 * the focus back to the control that had it before it opened.
 */
export function ModalDialog({ title, onClose, closable = true, closeOnBackdropClick = false, className, testId, onSubmit, children }: ModalDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  const latest = useRef({ onClose, closable });
  latest.current = { onClose, closable };

  useLayoutEffect(() => {
    const dialog = dialogRef.current!;
    const opener = document.activeElement;
    let unmounting = false;
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (latest.current.closable) latest.current.onClose();
    };
    // Chromium lets a second Escape close the dialog even when `cancel` was prevented (close
    // watchers ignore a page that keeps refusing without a user gesture in between): the state
    // decides again, closing or showing the dialog once more.
    const onNativeClose = () => {
      if (unmounting) return;
      if (latest.current.closable) latest.current.onClose();
      else dialog.showModal();
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('close', onNativeClose);
    dialog.showModal();
    const closed = modalOpened();
    // Browsers focus the first control; an engine that does not (or a dialog without controls)
    // would leave the focus behind the dialog: start on the dialog itself then.
    if (!dialog.contains(document.activeElement)) dialog.focus();
    return () => {
      unmounting = true;
      closed();
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('close', onNativeClose);
      dialog.close();
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, []);

  // The Escape that closes this dialog is not also the app's Escape (clear the selection, the search).
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') event.stopPropagation();
  };
  // The panel fills the <dialog>, so a click aimed at the <dialog> itself landed on its ::backdrop.
  const onClick = (event: MouseEvent) => {
    if (event.target === event.currentTarget && closeOnBackdropClick && latest.current.closable) onClose();
  };
  const panel = {
    className: className ? `dialog ${className}` : 'dialog',
    children: (
      <>
        <h2 id={headingId}>{title}</h2>
        {children}
      </>
    ),
  };

  return (
    <dialog ref={dialogRef} className="modal-dialog" aria-labelledby={headingId} tabIndex={-1} onKeyDown={onKeyDown} onClick={onClick} data-testid={testId}>
      {onSubmit ? <form {...panel} onSubmit={onSubmit} /> : <div {...panel} />}
      {/* Errors while it is open show here, in the top layer: the app's banner would be behind the backdrop, inert. */}
      <ErrorBanner inModal />
    </dialog>
  );
}
