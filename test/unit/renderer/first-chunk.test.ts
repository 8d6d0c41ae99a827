import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_LANGUAGE } from '../../../renderer/i18n/resources.js';

/**
 * What index.html loads before the first view: the entry chunk and the chunks it imports
 * statically, evaluated first (the client, which asks for the copy's areas, then MapLibre and the
 * map, made before the app: docs/performance.md "Fifth round, the load"), and the app's chunk
 * (renderer/app/start-app.tsx: React DOM and the panels) with its own, preloaded beside them and
 * evaluated once the map has asked for its first tiles. Neither holds what only a later step
 * needs: proj4 (the panel's UTM line, UTM search, the Swiss and Czech viewer links;
 * renderer/geo/projections.ts) and TypeBox (the HTTP schemas, core/model/operation-schemas.ts),
 * nor the strings of the languages not shown (renderer/i18n/resources.ts). Each was back on the
 * load path once through one import (docs/performance.md "Renderer"). The renderer's own build,
 * kept in memory.
 */
const config = fileURLToPath(new URL('../../../renderer/vite.config.ts', import.meta.url));
/** The modules of the entry and its static imports, in the order they are evaluated. */
let entryFirst: string[];
/** The modules of the app's chunk and its static imports that the entry does not already load. */
let appPreloaded: string[];
/** The chunks index.html asks for: its module script, its module preloads. */
let htmlLoads: string[];
let appChunk: string;

const staticGraph = (chunks: Map<string, Rollup.OutputChunk>, start: Rollup.OutputChunk): Rollup.OutputChunk[] => {
  const seen = new Set<Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (seen.has(chunk)) return;
    // A chunk's imports are evaluated before its own modules.
    for (const name of chunk.imports) visit(chunks.get(name)!);
    seen.add(chunk);
  };
  visit(start);
  return [...seen];
};

beforeAll(async () => {
  const output = (await build({ configFile: config, logLevel: 'silent', build: { write: false } })) as Rollup.RollupOutput;
  const chunks = new Map(output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry)!;
  const app = [...chunks.values()].find((chunk) => chunk.facadeModuleId?.endsWith('/renderer/app/start-app.tsx'))!;
  appChunk = app.fileName;
  const first = staticGraph(chunks, entry);
  entryFirst = first.flatMap((chunk) => chunk.moduleIds);
  appPreloaded = staticGraph(chunks, app)
    .filter((chunk) => !first.includes(chunk))
    .flatMap((chunk) => chunk.moduleIds);
  const html = output.output.find((item): item is Rollup.OutputAsset => item.type === 'asset' && item.fileName === 'index.html')!.source.toString();
  htmlLoads = [...html.matchAll(/<(?:script type="module"[^>]*src|link rel="modulepreload"[^>]*href)="\.\/([^"]+)"/g)].map((match) => match[1]);
}, 120_000);

const packageOf = (id: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];
const isModule = (file: string) => (id: string) => id.endsWith(file);

describe('the renderer loads first only what the first view needs', () => {
  it('evaluates the client (which asks for the areas), then MapLibre and the map, before the app', () => {
    const client = entryFirst.findIndex(isModule('renderer/app/start-client.ts'));
    const maplibre = entryFirst.findIndex((id) => packageOf(id) === 'maplibre-gl');
    expect(client, 'the client in the entry').toBeGreaterThanOrEqual(0);
    expect(maplibre, 'MapLibre evaluated after the areas are asked').toBeGreaterThan(client);
    expect(entryFirst.some(isModule('renderer/map/open-map.ts')), 'the map made by the entry').toBe(true);
    // React DOM and the panels come in the app's chunk, evaluated once the map has asked for its tiles.
    expect(entryFirst.filter((id) => packageOf(id) === 'react-dom')).toEqual([]);
    expect(entryFirst.filter((id) => /\/renderer\/(app\/App|map\/MapView|parcel\/|search\/)/.test(id))).toEqual([]);
    expect(appPreloaded.map(packageOf)).toContain('react-dom');
    expect(appPreloaded.some(isModule('renderer/map/MapView.tsx'))).toBe(true);
  });

  it("preloads the app's chunk and the chunks it imports from index.html, beside the entry", () => {
    expect(htmlLoads).toContain(appChunk);
    expect(htmlLoads.length).toBeGreaterThan(1);
  });

  it.each(['proj4', '@sinclair/typebox'])('leaves %s to a later chunk', (name) => {
    expect([...entryFirst, ...appPreloaded].filter((id) => packageOf(id) === name)).toEqual([]);
  });

  it("holds the source language's strings and no other language's (each is fetched when shown)", () => {
    const languages = new Set([...entryFirst, ...appPreloaded].flatMap((id) => /\/renderer\/i18n\/locales\/([^/]+)\//.exec(id)?.[1] ?? []));
    expect([...languages]).toEqual([SOURCE_LANGUAGE]);
  });
});
