// Help → Report a problem: the text carries the version, the system, the sources and the last log
// lines, and nothing secret: no key, no password, no path outside the data folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DATA_FOLDER_MARK, OUTSIDE_PATH_MARK, REPORT_LOG_LINES, supportReport } from '../../../core/desktop/support-report.js';
import type { ServiceStatus } from '../../../core/model/index.js';
import { tempDir } from '../../helpers/temp-dir.js';

afterEach(() => {
  vi.restoreAllMocks();
});

const status: ServiceStatus = {
  version: '0.1.0',
  status: 'degraded',
  parcels: 1443,
  checkIntervalSeconds: 300,
  sources: [
    {
      name: 'Catastro OVC (Consulta_RCCOOR)',
      countries: ['ES'],
      health: 'up',
      breaker: 'closed',
      history: [],
      lastCheck: { at: '2026-11-29T08:00:00.000Z', health: 'up', latencyMs: 182 },
    },
    {
      name: 'Etalab cadastre',
      countries: ['FR'],
      health: 'down',
      breaker: 'open',
      history: [],
      lastCheck: { at: '2026-11-29T08:00:01.000Z', health: 'down', latencyMs: 10000, reason: 'no answer within 10 s' },
    },
  ],
};

describe('the problem report', () => {
  it('says the version, the system, the sources and the last log lines, with no key, password or outside path', () => {
    const home = '/home/José María';
    vi.spyOn(os, 'homedir').mockReturnValue(home);
    const dataDir = path.join(tempDir('catastro-report-'), 'José María', 'Datos catastro');
    mkdirSync(dataDir, { recursive: true });
    const logFile = path.join(dataDir, 'logs', 'main.log');
    mkdirSync(path.dirname(logFile));
    const older = Array.from({ length: 200 }, (_, i) => `[2026-11-29 07:${String(i % 60).padStart(2, '0')}] [info] lookup ${i}`);
    const secretLines = [
      `[error] import failed: ${path.join(dataDir, 'uploads', 'A.ES.SDGC.CP.40146.zip')} ends before its compressed data does`,
      `[error] import failed: ${home}/Documentos/parcelas cliente.gml was removed or moved while it was being imported`,
      '[error] cannot read /etc/catastro/private.conf',
      '[warn] team store postgres://catastro:s3cr3t-Pa55@db.example.org:5432/catastro does not answer',
      '[info] local API key cdk_Q2hhbmdlTWVQbGVhc2VOb3dBbmRUaGVu created',
      '[warn] proxy login password=hunter22 token: abcdef123456',
      '[info] browser app http://127.0.0.1:8787/#session=8f2a9c77e1 opened',
      '[warn] Datafordeler answered 401 to key DF-9b8e7d6c5b4a',
      '[error] C:\\Users\\Public\\catastro\\x.cat is not a CAT file',
    ];
    writeFileSync(logFile, `${[...older, ...secretLines].join('\n')}\n`);

    const report = supportReport({
      appVersion: '0.1.0',
      runtime: { Electron: '39.2.0', Chrome: '142.0', Node: '22.20.0' },
      dataDir,
      status,
      logFile,
      secrets: ['DF-9b8e7d6c5b4a'],
    });

    expect(report).toContain('Version: 0.1.0 (Electron 39.2.0, Chrome 142.0, Node 22.20.0)');
    expect(report).toContain(`System: ${os.type()} ${os.release()} ${os.arch()}`);
    expect(report).toContain(`Data folder: ${DATA_FOLDER_MARK}`);
    expect(report).toContain('Local copy: 1443 parcels; sources degraded');
    expect(report).toContain('  Catastro OVC (Consulta_RCCOOR) [ES]: up, 182 ms at 2026-11-29T08:00:00.000Z');
    expect(report).toContain('  Etalab cadastre [FR]: down, breaker open, 10000 ms at 2026-11-29T08:00:01.000Z (no answer within 10 s)');
    // The last lines only, newest last.
    const logPart = report.slice(report.indexOf('Last log lines (main.log):'));
    expect(logPart.trim().split('\n')).toHaveLength(REPORT_LOG_LINES + 1);
    expect(logPart).not.toContain('lookup 118');
    expect(logPart).toContain('lookup 199');

    for (const secret of [
      's3cr3t-Pa55',
      'Q2hhbmdlTWVQbGVhc2VOb3dBbmRUaGVu',
      'hunter22',
      'abcdef123456',
      '8f2a9c77e1',
      'DF-9b8e7d6c5b4a',
      'José',
      'María',
      'Documentos',
      'parcelas',
      'cliente',
      '/etc/catastro',
      'Users\\Public',
      dataDir,
    ]) {
      expect(report, secret).not.toContain(secret);
    }
    expect(report).toContain(`${DATA_FOLDER_MARK}/uploads/A.ES.SDGC.CP.40146.zip ends before its compressed data does`);
    expect(report).toContain(`import failed: ${OUTSIDE_PATH_MARK} was removed or moved`);
    expect(report).toContain(`cannot read ${OUTSIDE_PATH_MARK}`);
    expect(report).toContain('postgres://catastro:***@db.example.org:5432/catastro does not answer');
    expect(report).toContain('key cdk_*** created');
    expect(report).toContain('http://127.0.0.1:8787/#session=*** opened');
  });

  it('says so when there is no log yet', () => {
    const dataDir = tempDir('catastro-report-');
    const report = supportReport({ appVersion: '0.1.0', runtime: {}, dataDir, status: { ...status, sources: [] }, logFile: path.join(dataDir, 'none.log') });
    expect(report).toContain('Version: 0.1.0\n');
    expect(report).toContain('  (none checked)');
    expect(report).toContain('  (no log yet)');
  });
});
