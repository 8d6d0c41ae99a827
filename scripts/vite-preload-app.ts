// A Vite plugin for the renderer's build: index.html preloads the app's chunk (renderer/app/start-app.tsx,
// imported dynamically by main.tsx once the map has asked for its first tiles), the chunks it imports
// and its CSS, so that they are fetched and compiled while MapLibre is evaluated and the first view's
// tiles are asked, not after. Vite preloads a dynamic import's chunks only when the import runs.
import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

export function preloadApp(appModule: string): Plugin {
  return {
    name: 'catastro-preload-app',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
        const app = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(appModule));
        if (!app) throw new Error(`preload-app: no chunk for ${appModule}`);
        const entry = chunks.find((chunk) => chunk.isEntry)!;
        // The app's chunk and what it imports statically, less what the entry already loads.
        const first = new Set<string>();
        const visit = (name: string, into: Set<string>) => {
          if (into.has(name)) return;
          into.add(name);
          for (const imported of (bundle[name] as Rollup.OutputChunk).imports) visit(imported, into);
        };
        visit(entry.fileName, first);
        const app_ = new Set<string>();
        visit(app.fileName, app_);
        const tags: HtmlTagDescriptor[] = [];
        for (const name of app_) {
          if (first.has(name)) continue;
          tags.push({ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `./${name}` }, injectTo: 'head' });
          for (const css of (bundle[name] as Rollup.OutputChunk).viteMetadata?.importedCss ?? []) {
            tags.push({ tag: 'link', attrs: { rel: 'stylesheet', crossorigin: true, href: `./${css}` }, injectTo: 'head' });
          }
        }
        return tags;
      },
    },
  };
}
