import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { KEY_PREFIX } from '../auth/key-store.js';
import type { ServiceStatus } from '../model/index.js';

/**
 * Help → Report a problem: what support needs (the version, the system, the sources' status, the
 * last log lines) as a text the user reads before sending it. Nothing secret leaves with it: API
 * keys, passwords and tokens are masked, and every path outside the data folder is replaced.
 */

export interface SupportFacts {
  appVersion: string;
  /** Electron, Chromium and Node versions where the app runs in Electron. */
  runtime: Record<string, string | undefined>;
  dataDir: string;
  status: ServiceStatus;
  /** The log file whose last lines are included (electron-log's main.log). */
  logFile: string;
  /** Values to mask wherever they appear (the environment's keys, tokens and passwords). */
  secrets?: readonly string[];
}

/** How many of the log's last lines the report carries: enough for the failure and what led to it. */
export const REPORT_LOG_LINES = 80;

const MASK = '***';
export const DATA_FOLDER_MARK = '<data folder>';
export const OUTSIDE_PATH_MARK = '<path outside the data folder>';

export function supportReport(facts: SupportFacts): string {
  const runtime = Object.entries(facts.runtime)
    .filter(([, value]) => value)
    .map(([name, value]) => `${name} ${value}`)
    .join(', ');
  const sources = facts.status.sources.map((source) => {
    const check = source.lastCheck;
    const seen = check ? `, ${check.latencyMs} ms at ${check.at}${check.reason ? ` (${check.reason})` : ''}` : ', not checked yet';
    return `  ${source.name} [${source.countries.join(' ')}]: ${source.health}${source.breaker === 'closed' ? '' : `, breaker ${source.breaker}`}${seen}`;
  });
  const text = [
    'Catastro Desktop: problem report',
    'Read it before you send it. Keys, passwords and paths outside the data folder have been removed.',
    '',
    'What happened (please describe):',
    '',
    '',
    `Version: ${facts.appVersion}${runtime ? ` (${runtime})` : ''}`,
    `System: ${os.type()} ${os.release()} ${os.arch()}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    `Data folder: ${facts.dataDir}`,
    `Local copy: ${facts.status.parcels} parcels; sources ${facts.status.status}`,
    '',
    'Sources:',
    ...(sources.length ? sources : ['  (none checked)']),
    '',
    `Last log lines (${path.basename(facts.logFile)}):`,
    ...lastLines(facts.logFile, REPORT_LOG_LINES).map((line) => `  ${line}`),
    '',
  ].join('\n');
  return redact(text, facts.dataDir, facts.secrets ?? []);
}

function lastLines(file: string, count: number): string[] {
  if (!existsSync(file)) return ['(no log yet)'];
  // The log is rotated at 1 MiB (electron/app-log.ts), so reading it whole stays small.
  return readFileSync(file, 'utf8').split(/\r?\n/).filter(Boolean).slice(-count);
}

/** The text with secrets masked and paths replaced (exported for the log lines' own tests). */
export function redact(text: string, dataDir: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret.length >= 4) out = out.split(secret).join(MASK);
  out = out
    .replace(new RegExp(`${KEY_PREFIX}[A-Za-z0-9_-]{8,}`, 'g'), `${KEY_PREFIX}${MASK}`)
    // user:password@ in URLs (a team store's postgres://…, a proxy)
    .replace(/([a-z][a-z0-9+.-]*:\/\/[^\s/:@]*):[^\s/@]*@/gi, `$1:${MASK}@`)
    // key=value and "key": "value" forms of passwords, tokens and keys
    .replace(/\b((?:pass(?:word)?|passwd|pwd|token|secret|api[-_]?key|key|session)["']?\s*[=:]\s*["']?)[^\s"'&,;]+/gi, `$1${MASK}`)
    .replace(/\b(authorization:\s*(?:bearer|basic)?\s*)\S+/gi, `$1${MASK}`)
    .replace(/#session=[^\s"']+/g, `#session=${MASK}`);
  // The data folder first (it may lie inside the home folder), then every other absolute path.
  for (const form of pathForms(dataDir)) out = out.split(form).join(DATA_FOLDER_MARK);
  for (const form of pathForms(os.homedir())) out = out.replace(new RegExp(`${escapeRegExp(form)}${PATH_TAIL}`, 'g'), OUTSIDE_PATH_MARK);
  return out
    .replace(new RegExp(`(?<![\\w:/.<>-])/[^\\s"'<>|,;:)/]${PATH_TAIL}`, 'g'), OUTSIDE_PATH_MARK)
    .replace(new RegExp(`\\b[A-Za-z]:\\\\${PATH_TAIL}`, 'g'), OUTSIDE_PATH_MARK)
    .replace(new RegExp(`\\\\\\\\[^\\s"'<>|,;)]${PATH_TAIL}`, 'g'), OUTSIDE_PATH_MARK);
}

/**
 * The rest of a path: its characters, and a space when the next word still looks like part of it
 * (has a slash or a file extension: "parcelas cliente.gml", "Datos catastro/x.cat"). A heuristic,
 * written here because no library finds paths in free text; it masks too much rather than too little.
 */
const PATH_TAIL = '(?:[^\\s"\'<>|,;)]|\\s(?=[^\\s"\'<>|,;)]*[/\\\\.][^\\s"\'<>|,;).]))*';

/** A folder as it may appear in text: as given and resolved, with either kind of slash. */
function pathForms(folder: string): string[] {
  const resolved = path.resolve(folder);
  return [...new Set([folder, resolved, resolved.replaceAll('\\', '/'), resolved.replaceAll('/', '\\')])]
    .filter((form) => form.length > 1)
    .sort((a, b) => b.length - a.length);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The values of the environment's keys, tokens and passwords (masked wherever they appear in a report). */
export function secretsOfEnvironment(env: NodeJS.ProcessEnv = process.env): string[] {
  return Object.entries(env)
    .filter(([name, value]) => value && /KEY|TOKEN|PASSWORD|PASSWD|SECRET|CREDENTIAL/i.test(name))
    .map(([, value]) => value as string);
}
