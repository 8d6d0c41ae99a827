import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { commandLineWithoutPasswords } from '../../../cli/arguments.js';

const cli = path.resolve('bin/catastro.js');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'catastro-typed-password-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('a password typed into --store', () => {
  it('is starred in the command line shown, whatever the form of the option', () => {
    expect(commandLineWithoutPasswords(['node', 'catastro', 'serve', '--store', 'postgres://team:s3cr%40t@db.local:5432/parcels'])).toBe(
      'node catastro serve --store postgres://team:***@db.local:5432/parcels',
    );
    expect(commandLineWithoutPasswords(['node', 'catastro', 'import', '--store=postgresql://team:pw@db/parcels', 'x.zip'])).toBe(
      'node catastro import --store=postgresql://team:***@db/parcels x.zip',
    );
    // Nothing typed, nothing changed: the password comes from PGPASSWORD or ~/.pgpass.
    expect(commandLineWithoutPasswords(['node', 'catastro', 'serve', '--store', 'postgres://team@db/parcels'])).toBeNull();
  });

  // Linux: /proc/<pid>/cmdline is what `ps` shows every local user.
  it.runIf(process.platform === 'linux')(
    'is not in the process list while serve waits for the database',
    async () => {
      // A database that accepts the connection and never answers: serve waits in its first query.
      const sockets: Socket[] = [];
      const silent = createServer((socket) => {
        sockets.push(socket);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const port = (silent.address() as AddressInfo).port;
      const child = spawn(
        process.execPath,
        [cli, 'serve', '--port', '0', '--data', dataDir, '--store', `postgres://team:hunter2secret@127.0.0.1:${port}/parcels`],
        { stdio: 'ignore' },
      );
      try {
        let shown = '';
        for (let i = 0; i < 200 && sockets.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 100));
        expect(sockets.length).toBeGreaterThan(0); // it got as far as the database
        shown = readFileSync(`/proc/${child.pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
        expect(shown).toContain('--store postgres://team:***@127.0.0.1');
        expect(shown).not.toContain('hunter2secret');
      } finally {
        child.kill('SIGKILL');
        for (const socket of sockets) socket.destroy();
        silent.close();
      }
    },
    40_000,
  );
});
