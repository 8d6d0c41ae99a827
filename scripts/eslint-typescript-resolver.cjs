// The import resolver of the boundaries lint (eslint.config.js): resolves an import as TypeScript
// does, by asking TypeScript itself. The sources import './x.js' for ./x.ts (NodeNext), which the
// plugin's own node resolver cannot map, so every relative import would stay unresolved and no
// boundary rule would fire. eslint-import-resolver-typescript does this too, but is one more
// dependency for what a call to the compiler we already have does.
/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: eslint-module-utils loads resolvers with require(). */
const { isBuiltin } = require('node:module');
const ts = require('typescript');

const OPTIONS = {
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  jsx: ts.JsxEmit.ReactJSX,
  resolveJsonModule: true,
  allowJs: true,
};

exports.interfaceVersion = 2;

exports.resolve = function resolve(source, file) {
  if (isBuiltin(source)) return { found: true, path: null };
  const resolved = ts.resolveModuleName(source, file, OPTIONS, ts.sys).resolvedModule;
  return resolved ? { found: true, path: resolved.resolvedFileName } : { found: false };
};
