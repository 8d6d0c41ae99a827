import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAccessApp, type AccessApp } from './access-app.js';

/**
 * Quota under concurrency, over real HTTP on 127.0.0.1: the counter must end exactly at the
 * number of charged answers, never more, never less.
 */
describe('contract: quota is exact under concurrency', () => {
  let t: AccessApp;
  let base: string;
  beforeAll(async () => {
    t = await startAccessApp();
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(() => t.close());

  const fire = (key: string, n: number, url = '/api/catastro/SLOW') =>
    Promise.all(
      Array.from({ length: n }, () =>
        fetch(base + url, { headers: { 'x-api-key': key } }).then(async (res) => ({
          status: res.status,
          body: (await res.json()) as { searchesRemaining?: number },
        })),
      ),
    );

  it('250 parallel requests on a basic key count exactly 250', async () => {
    const { key, id } = t.newKey('basic');
    const answers = await fire(key, 250);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(t.ledger.peek(id).used).toBe(250);
    // Each answer reports the month's state when it was sent; the last one sees all 250.
    const remaining = answers.map((a) => a.body.searchesRemaining as number);
    expect(remaining.every((r) => r >= 5000 - 250 && r <= 5000 - 1)).toBe(true);
    expect(Math.min(...remaining)).toBe(5000 - 250);
  });

  it('200 parallel requests on a free key (100/month) admit exactly 100 and refuse the rest with KEY_AUTH_004', async () => {
    const { key, id } = t.newKey('free');
    const answers = await fire(key, 200);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(100);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(100);
    expect(refused.every((a) => (a.body as { code?: string }).code === 'KEY_AUTH_004')).toBe(true);
    expect(t.ledger.peek(id).used).toBe(100);
  });

  it('free answers mixed into a parallel burst are refunded exactly', async () => {
    const { key, id } = t.newKey('basic');
    const paid = fire(key, 120);
    const free = fire(key, 120, '/api/catastro/NOPE0000000000');
    const [p, f] = await Promise.all([paid, free]);
    expect(p.every((a) => a.status === 200)).toBe(true);
    expect(f.every((a) => a.status === 404)).toBe(true);
    expect(t.ledger.peek(id).used).toBe(120);
  });
});
