import { nativeImage, type NativeImage } from 'electron';

/** A 32×32 parcel glyph shown under the cursor while dragging an export out (inline: no asset path to get wrong when packaged). */
const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAABzenr0AAAAW0lEQVR4nGNggIITGhr/QZiBxgCnPQPmAJjAQOGBdwB6SHw4UXGClphgGhh1wKgDRh0w6oBRB4w6YNQBow4YdcCoA0YdQHcHDHjHZMAdgB4SGHFDZUAwDdDbAQBxzaQJN8Ch0AAAAABJRU5ErkJggg==';

export function dragIcon(): NativeImage {
  return nativeImage.createFromBuffer(Buffer.from(PNG_BASE64, 'base64'));
}
