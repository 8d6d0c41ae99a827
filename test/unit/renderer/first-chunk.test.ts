import { fileURLToPath } from 'node:url';
import { build, type Rollup } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_LANGUAGE } from '../../../renderer/i18n/resources.js';

/**
 * What index.html loads before the first view (the entry chunk and the chunks it imports
 * statically) holds the map and the first panel, not what only a later step needs: proj4 (the
 * panel's UTM line, UTM search, the Swiss and Czech viewer links; renderer/geo/projections.ts)
 * and TypeBox (the HTTP schemas, core/model/operation-schemas.ts), nor the strings of the languages not
 * shown (renderer/i18n/resources.ts). Each was back on the load
 * path once through one import (docs/performance.md "Renderer"). The renderer's own build,
 * kept in memory.
 */
const config = fileURLToPath(new URL('../../../renderer/vite.config.ts', import.meta.url));
let loadedFirst: string[];

beforeAll(async () => {
  const output = (await build({ configFile: config, logLevel: 'silent', build: { write: false } })) as Rollup.RollupOutput;
  const chunks = new Map(output.output.filter((item): item is Rollup.OutputChunk => item.type === 'chunk').map((chunk) => [chunk.fileName, chunk]));
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry)!;
  const first = new Set<Rollup.OutputChunk>();
  const visit = (chunk: Rollup.OutputChunk) => {
    if (first.has(chunk)) return;
    first.add(chunk);
    for (const name of chunk.imports) visit(chunks.get(name)!);
  };
  visit(entry);
  loadedFirst = [...first].flatMap((chunk) => chunk.moduleIds);
}, 120_000);

const packageOf = (id: string) => /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1];

describe('the renderer loads first only what the first view needs', () => {
  it('holds the map and the app (the check sees real modules)', () => {
    expect(loadedFirst.map(packageOf)).toContain('maplibre-gl');
    expect(loadedFirst.some((id) => id.endsWith('renderer/map/MapView.tsx'))).toBe(true);
  });

  it.each(['proj4', '@sinclair/typebox'])('leaves %s to a later chunk', (name) => {
    expect(loadedFirst.filter((id) => packageOf(id) === name)).toEqual([]);
  });

  it("holds the source language's strings and no other language's (each is fetched when shown)", () => {
    const languages = new Set(loadedFirst.flatMap((id) => /\/renderer\/i18n\/locales\/([^/]+)\//.exec(id)?.[1] ?? []));
    expect([...languages]).toEqual([SOURCE_LANGUAGE]);
  });
});
