// Prints HTTP throughput of `GET /api/catastro/{ref}` served from the local copy (figures, not
// a test). The server runs in its own process (as in production) so autocannon and the server
// do not share an event loop. Usage: npx tsx scripts/bench-http.ts [--data DIR] [--workers N] [--seconds S]
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

const args = new Map<string, string>();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i].replace(/^--/, ''), process.argv[i + 1]);
const dataDir = args.get('data') ?? mkdtempSync(path.join(os.tmpdir(), 'catastro-bench-http-'));
const workers = args.get('workers') ?? '1';
const seconds = Number(args.get('seconds') ?? 10);

// A bare fastify app answering a constant: what this machine can do at all, for comparison.
const BASELINE_SERVER = `
  const app = require('fastify')();
  app.get('/api/catastro/:ref', async () => ({ success: true, data: { refCatastral: 'x' } }));
  app.listen({ port: 0, host: '127.0.0.1' }).then((url) => console.log('Listening on ' + url));`;

function startServer(baseline = false): Promise<{ url: string; stop: () => void }> {
  return new Promise((resolve, reject) => {
    const args = baseline
      ? ['-e', BASELINE_SERVER]
      : ['bin/catastro.js', 'serve', '--port', '0', '--data', dataDir, '--workers', workers, '--auth', 'off'];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /Listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ url: match[1], stop: () => child.kill('SIGTERM') });
    });
    child.on('exit', (code) => reject(new Error(`server exited (${code}) before listening:\n${output}`)));
  });
}

function sampleRefs(count: number): string[] {
  const db = new Database(path.join(dataDir, 'catastro.sqlite'), { readonly: true });
  const rows = db.prepare(`SELECT ref FROM parcels WHERE country = 'ES' ORDER BY random() LIMIT ?`).all(count) as { ref: string }[];
  db.close();
  return rows.map((r) => r.ref);
}

async function load(url: string, paths: () => string) {
  return autocannon({
    url,
    connections: 64,
    pipelining: 4,
    duration: seconds,
    requests: [{ method: 'GET', setupRequest: (req: any) => ({ ...req, path: paths() }) }],
  });
}

if (workers === '1') {
  const baseline = await startServer(true);
  try {
    const result = await load(baseline.url, () => '/api/catastro/x');
    console.log(`baseline (bare fastify, constant answer, 1 process): ${Math.round(result.requests.average)} requests/s`);
  } finally {
    baseline.stop();
  }
}

const server = await startServer();
try {
  const refs = sampleRefs(1000);
  if (refs.length === 0) throw new Error('the store has no parcels');
  let next = 0;
  const result = await load(server.url, () => `/api/catastro/${refs[next++ % refs.length]}`);
  const total = result['2xx'] + result.non2xx;
  console.log(`HTTP GET /api/catastro/{ref} (from the copy, ${workers} worker(s), ${seconds}s, 64 connections × 4 pipelined):`);
  console.log(`  requests/s: mean ${Math.round(result.requests.average)}, p50 ${result.requests.p50}`);
  console.log(`  latency ms: p50 ${result.latency.p50}, p99 ${result.latency.p99}`);
  console.log(`  answers: ${total} (${result.non2xx} non-2xx, ${result.errors} errors)`);
} finally {
  server.stop();
}
