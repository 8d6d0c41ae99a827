// An electronegativity-style check without Electron: @doyensec/electronegativity is not installed
// here, so this reads the shell's sources with the TypeScript parser and asserts the settings
// that matter (webPreferences, CSP, navigation and window locks, IPC sender checks).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const parse = (file: string) => ts.createSourceFile(file, read(file), ts.ScriptTarget.Latest, true);

/** Property name → source text of the webPreferences object literal of `new BrowserWindow({...})`. */
function windowWebPreferences(file: string): Record<string, string> {
  const found: Record<string, string> = {};
  const visit = (node: ts.Node): void => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'BrowserWindow') {
      const options = node.arguments?.[0];
      const prefs =
        options && ts.isObjectLiteralExpression(options)
          ? options.properties.find((p) => ts.isPropertyAssignment(p) && p.name.getText() === 'webPreferences')
          : undefined;
      if (prefs && ts.isPropertyAssignment(prefs) && ts.isObjectLiteralExpression(prefs.initializer)) {
        for (const property of prefs.initializer.properties) {
          if (ts.isPropertyAssignment(property)) found[property.name.getText()] = property.initializer.getText();
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(parse(file));
  return found;
}

/** The CSP string as security.ts builds it (array of directives joined by '; '), with host lists expanded. */
function policyDirectives(): string[] {
  const source = read('electron/security.ts');
  const hosts = [...source.matchAll(/'(https:\/\/[^']+)'/g)].map((m) => m[1]);
  const block = /CONTENT_SECURITY_POLICY = \[([\s\S]*?)\]\.join/.exec(source)![1];
  return [...block.matchAll(/["`](.*?)["`],?\n/g)].map((m) => m[1].replace("${REMOTE_MAP_HOSTS.join(' ')}", hosts.join(' ')));
}

test('BrowserWindow webPreferences are locked down and main.ts uses them', () => {
  const prefs = windowWebPreferences('electron/main.ts');
  expect(prefs).toMatchObject({
    contextIsolation: 'true',
    sandbox: 'true',
    nodeIntegration: 'false',
    nodeIntegrationInWorker: 'false',
    nodeIntegrationInSubFrames: 'false',
    webSecurity: 'true',
    allowRunningInsecureContent: 'false',
    experimentalFeatures: 'false',
    webviewTag: 'false',
    disableBlinkFeatures: "'Auxclick'",
  });
  expect(prefs.preload).toMatch(/preload\.cjs/);
  const main = read('electron/main.ts');
  expect(main).not.toMatch(/nodeIntegration:\s*true|contextIsolation:\s*false|sandbox:\s*false|webSecurity:\s*false/);
  expect(main).toMatch(/hardenSession\(session\.defaultSession\)/);
  expect(main).toMatch(/lockNavigation\(window\.webContents/);
  expect(main).toMatch(/web-contents-created[\s\S]*lockNavigation/);
});

test('the Content-Security-Policy is strict and identical in the session header and the page meta tag', () => {
  const directives = policyDirectives();
  expect(directives).toContain("default-src 'self'");
  expect(directives).toContain("script-src 'self'");
  expect(directives).toContain("object-src 'none'");
  expect(directives).toContain("base-uri 'none'");
  expect(directives.join('; ')).not.toMatch(/unsafe-eval|unsafe-inline|\*/);
  const meta = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(read('renderer/index.html'))![1];
  expect(meta).toBe(directives.join('; '));
});

test('navigation, new windows and webviews are refused; web links open outside', () => {
  const security = read('electron/security.ts');
  expect(security).toMatch(/'will-navigate'[\s\S]*event\.preventDefault\(\)/);
  expect(security).toMatch(/setWindowOpenHandler[\s\S]*action: 'deny'/);
  expect(security).toMatch(/'will-attach-webview'[\s\S]*preventDefault/);
  expect(security).toMatch(/shell\.openExternal/);
  expect(security).toMatch(/setPermissionRequestHandler\([\s\S]*callback\(false\)/);
});

test('every IPC handler checks its sender and the preload never exposes ipcRenderer', () => {
  const handlers = read('electron/ipc-handlers.ts');
  const registrations = [...handlers.matchAll(/ipcMain\.(handle|on)\(/g)].length;
  const senderChecks = [...handlers.matchAll(/deps\.isAppSender\(/g)].length;
  expect(registrations).toBe(2); // the shared `handle` wrapper and the drag listener
  expect(senderChecks).toBe(2);
  const preload = read('electron/preload.ts');
  expect(preload).toMatch(/contextBridge\.exposeInMainWorld\('catastro'/);
  expect(preload).not.toMatch(/exposeInMainWorld\([^)]*ipcRenderer\s*[,)]/);
  expect(preload).not.toMatch(/:\s*ipcRenderer\s*[,}]/);
});
