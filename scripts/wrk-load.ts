// wrk (Debian package `wrk`) driven from the bench scripts: a C load tool that leaves most of a
// 2-core machine to the server. A Lua script walks the given requests in order, one per request.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface LoadResult {
  perSecond: number;
  p50ms: number;
  p99ms: number;
  answers: number;
  failed: number;
}

/** One request of the walk: GET path, or POST path with a JSON body. */
export type LoadRequest = string | { post: string; json: string };

export const hasWrk = spawnSync('wrk', ['--version']).error === undefined;

const lua = (text: string) => JSON.stringify(text);

/**
 * `once`: stop after one pass over the requests (each answered once), within `seconds` at the most.
 * Then only the latencies are figures: wrk divides the answers by the whole `seconds` even when it
 * stopped earlier (a walk of 1,000 stopped after its last answer: "1009 requests in 5.00s", 201.79 requests/s).
 */
export function loadWithWrk(url: string, requests: LoadRequest[], options: { connections: number; seconds: number; once?: boolean }): LoadResult {
  // The requests go in a file the script reads line by line: a Lua table constructor listing them
  // stops loading past LuaJIT's 65,536 constants per function, and wrk then silently asks for its
  // URL's own path instead (every answer a 404, counted as "failed", at a rate that looks real).
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catastro-wrk-'));
  let out: string;
  try {
    const list = path.join(dir, 'requests.tsv');
    writeFileSync(list, requests.map((r) => (typeof r === 'string' ? `GET\t${r}` : `POST\t${r.post}\t${r.json}`)).join('\n') + '\n');
    const script = path.join(dir, 'requests.lua');
    writeFileSync(
      script,
      `requests = {}
for line in io.lines(${lua(list)}) do
  local method, target, body = line:match("^(%u+)\\t([^\\t]*)\\t?(.*)$")
  requests[#requests + 1] = { method, target, body ~= "" and body or nil }
end
headers = {["Content-Type"] = "application/json"}
counter = 0
request = function()
  counter = counter + 1
  local r = requests[(counter % #requests) + 1]
  if r[3] then return wrk.format(r[1], r[2], headers, r[3]) end
  return wrk.format(r[1], r[2])
end
${
  options.once
    ? `answered = 0
response = function()
  answered = answered + 1
  if answered >= #requests then wrk.thread:stop() end
end
`
    : ''
}`,
    );
    const run = spawnSync('wrk', ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--latency', '-s', script, url], { encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr}`);
    out = run.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const number = (re: RegExp) => Number(re.exec(out)?.[1] ?? NaN);
  const millis = (re: RegExp) => {
    const match = re.exec(out);
    if (!match) return NaN;
    const scale = { us: 0.001, ms: 1, s: 1000 }[match[2] as 'us' | 'ms' | 's'];
    // wrk prints µs, ms or s: kept to whole µs, so "344.00us" × 0.001 prints as 0.344 ms, not 0.34400000000000003.
    return Math.round(Number(match[1]) * scale * 1000) / 1000;
  };
  const answers = number(/(\d+) requests in/);
  const failed = (number(/Non-2xx or 3xx responses: (\d+)/) || 0) + (/Socket errors/.test(out) ? 1 : 0);
  if (answers > 0 && failed >= answers)
    throw new Error(
      `wrk: every one of ${answers} answers failed (not 2xx), so no figure: is the server serving ${requests.length} requests like ${JSON.stringify(requests[0])}?`,
    );
  return {
    perSecond: Math.round(number(/Requests\/sec:\s+([\d.]+)/)),
    p50ms: millis(/50%\s+([\d.]+)(us|ms|s)/),
    p99ms: millis(/99%\s+([\d.]+)(us|ms|s)/),
    answers,
    failed,
  };
}
