// Help → Report a problem: the report (core/desktop/support-report.ts) written beside the log and
// opened for the user to read before sending it anywhere; the app sends nothing itself.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { clipboard, dialog, shell, type BrowserWindow } from 'electron';
import { APP_VERSION } from '../core/app-files.js';
import { secretsOfEnvironment, supportReport } from '../core/desktop/support-report.js';
import type { ShellText } from '../core/desktop/shell-text/index.js';
import type { ServiceStatus } from '../core/model/index.js';

export async function reportProblem(facts: {
  dataDir: string;
  logFile: string;
  status: ServiceStatus;
  window: BrowserWindow | null;
  text: ShellText;
}): Promise<void> {
  const text = supportReport({
    appVersion: APP_VERSION,
    runtime: { Electron: process.versions.electron, Chrome: process.versions.chrome, Node: process.versions.node },
    dataDir: facts.dataDir,
    status: facts.status,
    logFile: facts.logFile,
    secrets: secretsOfEnvironment(),
  });
  const file = path.join(path.dirname(facts.logFile), `problem-report-${new Date().toISOString().slice(0, 19).replaceAll(':', '-')}.txt`);
  writeFileSync(file, text, 'utf8');
  clipboard.writeText(text);
  await shell.openPath(file);
  const options = {
    type: 'info' as const,
    message: facts.text.problemReport,
    detail: facts.text.problemReportDetail(path.basename(file)),
  };
  if (facts.window) await dialog.showMessageBox(facts.window, options);
  else await dialog.showMessageBox(options);
}
