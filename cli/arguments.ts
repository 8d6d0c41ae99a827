import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { InvalidArgumentError, Option } from 'commander';
import { corsOriginRefusal } from '../core/api/cors-origins.js';
import { basemapFile } from '../core/desktop/desktop-arguments.js';
import { trustedProxyRefusal } from '../core/api/trusted-proxies.js';
import { isoDay, requireOutputLanguage, type OutputLanguage } from '../core/model/index.js';
import { parseExpiryDate } from '../core/auth/expiry-date.js';
import { isPostgresUrl } from '../core/store/postgres/store-url.js';

/**
 * Commander's parser for an option taking a whole number within [min, max]. A typo is refused
 * before anything runs, with commander's one-line "option '--port <port>' argument 'abc' is
 * invalid" and exit 1: before, `--workers abc` ran one process without a word, and `--port abc`,
 * `--free-per-ip x` or `--status-interval -1` ended in a stack trace (the last after the server
 * had started).
 */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): (text: string) => number {
  const range = `from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}`;
  return (text) => {
    if (!/^\d+$/.test(text.trim())) throw new InvalidArgumentError(`A whole number ${range} is expected.`);
    const value = Number(text);
    if (value < min || value > max) throw new InvalidArgumentError(`It must be ${range}.`);
    return value;
  };
}

/**
 * `--store`: a team store is a postgres:// URL. Anything else was taken for "no team store" and
 * the command went on with the data folder's SQLite file without a word (`--store notaurl`).
 */
export function teamStoreUrl(text: string): string {
  if (!isPostgresUrl(text))
    throw new InvalidArgumentError("A team store is a postgres://user@host:port/database URL; leave --store out to use the data folder's own copy.");
  return text;
}

/** The environment variable `--store` is read from when not given (docs/team-server.md). */
export const TEAM_STORE_VARIABLE = 'CATASTRO_STORE';

/**
 * `--store <url>` of serve, import and keys. Also read from CATASTRO_STORE, and the password may be
 * left out of the URL for PGPASSWORD or ~/.pgpass (PGPASSFILE), which node-postgres reads: a
 * password in the command line is in the process list for every local user to read.
 */
export function teamStoreOption(description: string): Option {
  return new Option(
    '--store <url>',
    `${description}; default $${TEAM_STORE_VARIABLE}. Give the password in PGPASSWORD, ~/.pgpass or ${TEAM_STORE_VARIABLE}, not here: a command line is visible to every local user`,
  )
    .env(TEAM_STORE_VARIABLE)
    .argParser(teamStoreUrl);
}

/** A password typed into a postgres:// URL: what the process list must not show. */
const TYPED_PASSWORD = /^(--store(?:-read)?=)?(postgres(?:ql)?:\/\/[^:/@\s]*:)([^@\s]+)(@.*)$/i;

/**
 * The process's command line with typed store passwords starred, or null when it holds none.
 * Set as process.title, it replaces what /proc/<pid>/cmdline and `ps` show (libuv writes the
 * title over the original argv): the documented ways (PGPASSWORD, ~/.pgpass, CATASTRO_STORE)
 * keep it out from the start, and this covers the password someone types anyway.
 */
export function commandLineWithoutPasswords(argv: readonly string[]): string | null {
  let starred = false;
  const shown = argv.map((arg) =>
    arg.replace(TYPED_PASSWORD, (_match, flag = '', head: string, _password: string, tail: string) => {
      starred = true;
      return `${flag}${head}***${tail}`;
    }),
  );
  return starred ? shown.join(' ') : null;
}

/**
 * The command line a worker of `serve --workers` is started with: the parent's without `--store`
 * and `--store-read` (given to the worker in CATASTRO_STORE and CATASTRO_STORE_READ instead), so a password in it is not in each worker's
 * argv, which any local user can read.
 */
export function argumentsWithoutStore(args: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--store' || args[i] === '--store-read') i++;
    else if (!/^--store(?:-read)?=/.test(args[i])) kept.push(args[i]);
  }
  return kept;
}

/** The environment variable `serve --store-read` is read from when not given. */
export const TEAM_STORE_READ_VARIABLE = 'CATASTRO_STORE_READ';

/**
 * `serve --store-read <url>`: a streaming replica of the team database that lookups read from,
 * while writes, keys and quota charges go to `--store` (the primary).
 */
export function teamStoreReadOption(): Option {
  return new Option(
    '--store-read <url>',
    `a streaming replica of the --store database for lookups (postgres://…); writes, keys and quota charges stay on --store; default $${TEAM_STORE_READ_VARIABLE}`,
  )
    .env(TEAM_STORE_READ_VARIABLE)
    .argParser(teamStoreUrl);
}

/** `keys create --expires`: a calendar day, today or later (a past day made a key refused from its first call). */
export function expiryDay(text: string): string {
  let day: string;
  try {
    day = parseExpiryDate(text);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
  const today = isoDay(new Date());
  if (day < today) throw new InvalidArgumentError(`${day} is in the past (today is ${today} UTC): the key would be refused from its first call.`);
  return day;
}

/**
 * Commander's parser of a repeatable option: each value trimmed, checked by `refusal` (why a value
 * cannot be given, or undefined), and gathered in order.
 */
function eachValueChecked(refusal: (text: string) => string | undefined): (text: string, previous?: string[]) => string[] {
  return (text, previous = []) => {
    const value = text.trim();
    const refused = refusal(value);
    if (refused) throw new InvalidArgumentError(refused);
    return [...previous, value];
  };
}

/**
 * `serve --cors-origin`, repeatable: each origin as a browser sends it (https://maps.example.org),
 * or `*`. One written otherwise (a trailing slash, a path) would never match a page's Origin, and
 * the pages would be refused without a word.
 */
export const corsOrigin = eachValueChecked(corsOriginRefusal);

/** `serve --trust-proxy`, repeatable: a reverse proxy's address or network (api/trusted-proxies.ts). */
export const trustedProxy = eachValueChecked(trustedProxyRefusal);

/**
 * `serve|start --basemap FILE`: a readable file (core/desktop/desktop-arguments.ts, the rule the desktop app
 * applies too), refused before anything starts. Before, a typo started the server and every request
 * for the basemap then failed.
 */
/** `--lang` of the files a command writes (report, batch): a shipped language, said at once when not. */
export function outputLanguageArgument(text: string): OutputLanguage {
  try {
    return requireOutputLanguage(text);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

export function basemapArgument(text: string): string {
  try {
    return basemapFile(text);
  } catch (error) {
    throw new InvalidArgumentError((error as Error).message);
  }
}

/**
 * `serve --static DIR`: a built renderer, a folder holding index.html (the server serves it only
 * then, core/api/server.ts). Before, a typo served the HTTP API alone without a word.
 */
export function staticFolder(text: string): string {
  const isFolder = existsSync(text) && statSync(text).isDirectory();
  if (!isFolder || !existsSync(path.join(text, 'index.html'))) {
    throw new InvalidArgumentError(
      `${isFolder ? `${text} holds no index.html` : `${text} is not a folder`}: give the built renderer's folder, e.g. --static dist/renderer (npm run build:renderer writes it).`,
    );
  }
  return text;
}
