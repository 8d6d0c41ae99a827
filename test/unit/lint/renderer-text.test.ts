import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Text the user reads goes through i18n (renderer/i18n/README.md): this scans every renderer
 * component for words written straight into JSX (text between tags, `{'literal'}` children) and
 * into the attributes a user sees or hears (title, aria-label, placeholder, alt…), and for
 * confirm()/alert() with literal text. What it finds must be a `t(...)` call instead, or, for a
 * proper name or code that reads the same in every language, an entry of ALLOWED below.
 */
const RENDERER = path.resolve(__dirname, '../../../renderer');

/** Attributes whose text is shown or read out. */
const SHOWN_ATTRIBUTES = new Set(['title', 'aria-label', 'aria-description', 'aria-roledescription', 'aria-valuetext', 'placeholder', 'alt', 'label']);

/** Text that is the same in every language: proper names, codes, symbols. `file: text`. */
const ALLOWED = new Set<string>([
  // Unit symbols of the solar estimate, after a number formatted in the language (formatNumber).
  'analysis/AnalysisSection.tsx: kWp',
  'analysis/AnalysisSection.tsx: kWh',
  // The API key's shape, the header that carries it and a PostgreSQL URL's shape: code the user types or copies.
  'settings/SettingsDialog.tsx: ck_…',
  'settings/SettingsDialog.tsx: X-API-Key:',
  'settings/TeamStoreSetting.tsx: postgres://user:password@host:5432/catastro',
]);

/** Something a reader reads as a word: a letter of any script (digits, punctuation and symbols alone are not). */
const hasWord = (text: string) => /\p{L}/u.test(text);

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(full);
    return entry.name.endsWith('.tsx') ? [full] : [];
  });
}

/** A string literal (or a template without substitutions) the expression is, else undefined. */
function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node)) return literalText(node.whenTrue) ?? literalText(node.whenFalse);
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.BarBarToken || node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
  ) {
    return literalText(node.right);
  }
  return undefined;
}

/** Each untranslated text of a component's source as `file:line: text`. */
export function untranslatedText(file: string, source: string): string[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const relative = path.relative(RENDERER, file).split(path.sep).join('/');
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const shown = text.replace(/\s+/g, ' ').trim();
    if (!hasWord(shown) || ALLOWED.has(`${relative}: ${shown}`)) return;
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push(`${relative}:${line}: ${shown}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literalText(node);
      if (text !== undefined) report(node, text);
    } else if (ts.isJsxAttribute(node) && SHOWN_ATTRIBUTES.has(node.name.getText(sourceFile))) {
      const text = literalText(node.initializer);
      if (text !== undefined) report(node, text);
    } else if (ts.isCallExpression(node) && /^(window\.)?(confirm|alert|prompt)$/.test(node.expression.getText(sourceFile))) {
      const text = literalText(node.arguments[0]);
      if (text !== undefined) report(node, text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

describe('renderer text goes through i18n', () => {
  it('finds words written straight into JSX, shown attributes and confirm() (the check itself)', () => {
    const sample = [
      'export const A = () => <div title="Close" aria-label={\'Zoom in\'}>',
      "  Parcels: {count} {'ha'} <img alt=\"map\" placeholder={t('x')} /> {1234} m² {t('ok')}",
      "  {busy ? 'Loading…' : t('done')}",
      '</div>;',
      "if (window.confirm('Delete?')) go();",
    ].join('\n');
    expect(untranslatedText(path.join(RENDERER, 'x/Sample.tsx'), sample)).toEqual([
      'x/Sample.tsx:1: Close',
      'x/Sample.tsx:1: Zoom in',
      'x/Sample.tsx:2: Parcels:',
      'x/Sample.tsx:2: ha',
      'x/Sample.tsx:2: map',
      'x/Sample.tsx:2: m²',
      'x/Sample.tsx:3: Loading…',
      'x/Sample.tsx:5: Delete?',
    ]);
  });

  it('no component shows text that is not a translation (or an allowed proper name or code)', () => {
    const found = tsxFiles(RENDERER).flatMap((file) => untranslatedText(file, readFileSync(file, 'utf8')));
    expect(found).toEqual([]);
  });
});
