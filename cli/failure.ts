import type { Command } from 'commander';
import { describeError } from '../core/file-checks.js';
import { isServiceError, messageWithDetail, validationError } from '../core/model/index.js';

/**
 * The line a command prints for what stopped it: a service error leads with the spec's error code,
 * as the HTTP API answers it (`VALIDATION_ERROR: Input x.csv does not exist.`), so a script reads
 * the same code from either; anything else in words (describeError: Node's file errors naming the
 * file). Every command prints its failures through this, not a format of its own.
 */
export function failureLine(error: unknown, file?: string): string {
  if (!isServiceError(error)) return describeError(error, file);
  // The command line is the operator's: the detail an HTTP answer keeps to the log is said here.
  return `${error.code}: ${messageWithDetail(error)}`;
}

/**
 * Commander's own refusals of a command line (a value an option's parser refused, a missing
 * argument, an unknown option or sub-command) printed as failureLine prints any refusal,
 * `VALIDATION_ERROR: Option '--tier <tier>' argument 'gold' is invalid. …`, on one line, instead
 * of commander's `error: …`. Commander still exits 1. Set it on a command before its
 * sub-commands are added: they take the parent's output settings when made.
 */
export function printUsageRefusalsAsFailures(command: Command): Command {
  return command.configureOutput({
    outputError: (text, write) => write(`${failureLine(validationError(usageRefusal(text)))}\n`),
  });
}

/** `error: unknown command 'lst'\n(Did you mean list?)` → `Unknown command 'lst' (Did you mean list?)`, a sentence as the service's messages are. */
function usageRefusal(text: string): string {
  const words = text
    .trim()
    .replace(/^error:\s*/, '')
    .replace(/\s*\n\s*/g, ' ');
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}${/[.?)]$/.test(words) ? '' : '.'}`;
}
