import type { ParcelGeometry } from '../model/index.js';
import { GeometryProperty, GmlSurfaceCollector } from './gml-geometry.js';
import { createSax } from './sax.js';

/**
 * The part every SAX reader of GML parcel features shares: one geometry property whose text goes
 * to the surface collector, the text of the field being read gathered in `text`, and the saxes
 * parser wired to the subclass's `open` and `close`. A subclass says when it wants text and what
 * a feature is; streamSaxRecords (sax-record-stream.ts) feeds its `sax` a file.
 */
export abstract class GmlFeatureReader<T> {
  protected readonly geometry: GeometryProperty<GmlSurfaceCollector>;
  protected text = '';
  readonly sax: { write(chunk: string): void; close(): void };

  constructor(
    geometryProperties: ReadonlySet<string>,
    protected readonly emit: (record: T) => void,
  ) {
    this.geometry = new GeometryProperty(new GmlSurfaceCollector(), geometryProperties);
    this.sax = createSax({
      open: (local, attributes) => this.open(local, attributes),
      text: (text) => {
        if (this.geometry.inside) this.geometry.surfaces.addText(text);
        else if (this.readingText()) this.text += text;
      },
      close: (local) => this.close(local),
    });
  }

  /** Whether text outside the geometry now belongs to a field being read. */
  protected abstract readingText(): boolean;
  protected abstract open(local: string, attributes: Record<string, string>): void;
  protected abstract close(local: string): void;

  /** The feature's outline; a feature without one is an error naming its parcel and `property`. */
  protected outline(ref: string, property: string): ParcelGeometry {
    const geometry = this.geometry.surfaces.geometry();
    if (!geometry) throw new Error(`Parcel ${ref} has no ${property}.`);
    return geometry;
  }
}
