import { Command, Option } from 'commander';
import { failureLine, printUsageRefusalsAsFailures } from './failure.js';
import { notFound } from '../core/model/index.js';
import type { ApiKeys } from '../core/auth/access-stores.js';
import { expiryDay, teamStoreOption } from './arguments.js';
import type { ApiKeyRecord } from '../core/auth/key-store.js';
import { TIERS, TIER_MONTHLY_QUOTA, type Tier } from '../core/auth/tiers.js';

export interface KeysCommandIo {
  out: (line: string) => void;
  err: (line: string) => void;
}

const consoleIo: KeysCommandIo = { out: (l) => console.log(l), err: (l) => console.error(l) };

/** The keys of the data folder's access database, or of a team database (`--store postgres://…`). */
async function withKeyStore<T>(options: { data: string; store?: string }, work: (keys: ApiKeys) => T | Promise<T>): Promise<Awaited<T>> {
  // Loaded when a keys command runs: the access databases (and better-sqlite3 through them) were
  // start-up time of every other command, `catastro import` included (docs/performance.md).
  const [{ openAccessStores }, { openAccessLocation }] = await Promise.all([import('../core/auth/access-stores.js'), import('../core/store/open-store.js')]);
  // A server may hold the keys file open too: its own long busy wait (access-db.ts).
  const { location, close } = await openAccessLocation({ dataDir: options.data, team: options.store });
  const access = openAccessStores(location);
  try {
    return await work(access.keys);
  } finally {
    access.close();
    await close();
  }
}

function describe(key: ApiKeyRecord): string {
  const state = key.revokedAt ? `revoked ${key.revokedAt.slice(0, 10)}` : key.expiresOn ? `expires ${key.expiresOn}` : 'no expiry';
  return [
    key.id,
    key.tier.padEnd(8),
    `${TIER_MONTHLY_QUOTA[key.tier]}/month`.padEnd(12),
    key.organisation ? 'organisation' : 'personal    ',
    state.padEnd(20),
    key.label ?? '',
  ]
    .join('  ')
    .trimEnd();
}

/**
 * `catastro keys create|list|revoke` as a commander sub-command. The lead adds it with
 * `program.addCommand(keysCommand(defaultDataDir))`. Every refusal is one failureLine with the
 * spec's code, as the other commands print theirs: commander's (a tier not offered, an --expires
 * that is no day or is past, a --store that is no URL, a missing argument) as VALIDATION_ERROR;
 * a key id not there as NOT_FOUND (setting `process.exitCode` 1); the data folder's or the team
 * database's refusals thrown as they come (the CLI, or runKeysCommand, prints them).
 */
export function keysCommand(defaultDataDir: string, io: KeysCommandIo = consoleIo): Command {
  const keys = printUsageRefusalsAsFailures(new Command('keys')).description('manage API keys of the HTTP API (stored hashed in the data folder)');
  const dataOption = () => new Option('--data <dir>', 'folder of the local copy').default(defaultDataDir);
  const storeOption = () => teamStoreOption('team store: postgres://… (keys shared by every server process on it)');

  keys
    .command('create')
    .description('create a key; the key is printed once and never stored in clear')
    .addOption(new Option('--tier <tier>', 'plan: monthly quota free 100, basic 5000, pro 15000, business 50000').choices(TIERS).makeOptionMandatory())
    .option('--organisation', 'organisation key (needed for /api/catastro/{refcat}/units)', false)
    .option('--expires <YYYY-MM-DD>', 'last UTC day the key is valid', expiryDay)
    .option('--label <text>', 'free text to recognise the key')
    .addOption(dataOption())
    .addOption(storeOption())
    .action(async (options: { tier: Tier; organisation: boolean; expires?: string; label?: string; data: string; store?: string }) => {
      const { key, record } = await withKeyStore(options, (store) =>
        store.create({
          tier: options.tier,
          organisation: options.organisation,
          expiresOn: options.expires,
          label: options.label,
        }),
      );
      io.out(`id:     ${record.id}`);
      io.out(`key:    ${key}`);
      io.out(`tier:   ${record.tier} (${record.monthlyQuota} requests/month)${record.organisation ? ', organisation' : ''}`);
      if (record.expiresOn) io.out(`valid through ${record.expiresOn} (UTC)`);
      io.out('Store the key now: it is shown only this once (the data folder keeps only its hash).');
    });

  keys
    .command('list')
    .description('list keys (ids and plans; clear keys are not stored)')
    .option('--json', 'print JSON', false)
    .addOption(dataOption())
    .addOption(storeOption())
    .action(async (options: { json: boolean; data: string; store?: string }) => {
      const list = await withKeyStore(options, (store) => store.list());
      if (options.json) {
        io.out(JSON.stringify(list, null, 2));
        return;
      }
      if (list.length === 0) io.out('no keys');
      for (const key of list) io.out(describe(key));
    });

  keys
    .command('revoke')
    .description('revoke a key by id; it answers 401 from then on')
    .argument('<id>', 'key id as shown by `keys list`')
    .addOption(dataOption())
    .addOption(storeOption())
    .action(async (id: string, options: { data: string; store?: string }) => {
      if (await withKeyStore(options, (store) => store.revoke(id))) {
        io.out(`revoked ${id}`);
      } else {
        io.err(failureLine(notFound(`No key with id ${id}; \`catastro keys list\` shows the ids.`)));
        process.exitCode = 1;
      }
    });
  return keys;
}

/**
 * Runs `keys …` with the given arguments (without the leading `keys`), for tests and scripts.
 * Returns the exit code instead of exiting.
 */
export async function runKeysCommand(args: string[], opts: { dataDir: string; io?: KeysCommandIo }): Promise<number> {
  const io = opts.io ?? consoleIo;
  const previousExitCode = process.exitCode;
  process.exitCode = undefined;
  const command = keysCommand(opts.dataDir, io);
  const silence = (c: Command) => {
    c.exitOverride().configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });
    c.commands.forEach(silence);
  };
  silence(command);
  try {
    await command.parseAsync(args, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    const exitCode = (error as { exitCode?: number }).exitCode;
    if (typeof exitCode === 'number') return exitCode;
    io.err(failureLine(error));
    return 1;
  } finally {
    process.exitCode = previousExitCode;
  }
}
