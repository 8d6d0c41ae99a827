/** Picked files as one multipart body, a `file` part each (core/api/routes/uploads.ts reads it). */
export function uploadForm(files: File[]): FormData {
  const form = new FormData();
  for (const file of files) form.append('file', file, file.name);
  return form;
}

/**
 * The browser's file picker (a hidden `<input type="file" multiple>`): the files chosen, or null
 * when the user cancels. Call it straight from a click handler, before any await: browsers open a
 * picker only inside the user's gesture.
 */
export function pickFiles(extensions: readonly string[]): Promise<File[] | null> {
  const input = document.createElement('input');
  input.type = 'file';
  input.multiple = true;
  input.accept = extensions.map((extension) => `.${extension}`).join(',');
  return new Promise((resolve) => {
    input.addEventListener('change', () => resolve(input.files && input.files.length > 0 ? Array.from(input.files) : null), { once: true });
    input.addEventListener('cancel', () => resolve(null), { once: true });
    input.click();
  });
}
