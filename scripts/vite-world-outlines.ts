// A Vite plugin for the renderer's build: Natural Earth's country outlines (world-atlas, 1:50m,
// TopoJSON) turned into a GeoJSON file once, at build time, and its URL given to the renderer as
// `virtual:world-outlines-url`. The map hands that URL to MapLibre, whose worker fetches and parses
// it: converted in the page (topojson-client's feature()), the 0.75 MB topology cost the renderer's
// main thread 0.25-0.45 s right after the first view, where a first search or click waited behind it.
import { feature } from 'topojson-client';
import type { Plugin } from 'vite';
import countries50m from 'world-atlas/countries-50m.json' with { type: 'json' };

const MODULE_ID = 'virtual:world-outlines-url';
const RESOLVED_ID = `\0${MODULE_ID}`;
const FILE_NAME = 'world-outlines.geojson';
/** Four decimals of a degree: about 10 m, far finer than a 1:50m outline; the file is 1.9 MB instead of 3.9. */
const DECIMALS = 1e4;

let made: string | undefined;

/** The outlines' GeoJSON, made once per process (the dev server answers it on every reload). */
function outlinesGeoJson(): string {
  if (made === undefined) {
    const topology = countries50m as unknown as { objects: { countries: unknown } };
    const outlines = feature(topology, topology.objects.countries);
    made = JSON.stringify(outlines, (_key, value: unknown) => (typeof value === 'number' ? Math.round(value * DECIMALS) / DECIMALS : value));
  }
  return made;
}

/** `inline`: the file as a data: URL in the module (unit tests under Node, where no server answers). */
export function worldOutlines({ inline = false } = {}): Plugin {
  let serving = false;
  return {
    name: 'catastro-world-outlines',
    configResolved(config) {
      serving = config.command === 'serve';
    },
    resolveId: (id) => (id === MODULE_ID ? RESOLVED_ID : undefined),
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (inline) return `export default ${JSON.stringify(`data:application/geo+json;base64,${Buffer.from(outlinesGeoJson()).toString('base64')}`)};`;
      // The dev server answers the file itself (below); a build emits it beside the chunks.
      if (serving) return `export default new URL('/${FILE_NAME}', location.href).href;`;
      const file = this.emitFile({ type: 'asset', name: FILE_NAME, source: outlinesGeoJson() });
      return `export default import.meta.ROLLUP_FILE_URL_${file};`;
    },
    configureServer(server) {
      server.middlewares.use(`/${FILE_NAME}`, (_request, response) => {
        response.setHeader('Content-Type', 'application/geo+json');
        response.end(outlinesGeoJson());
      });
    },
  };
}
