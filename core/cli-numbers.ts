import { InvalidArgumentError } from 'commander';

/**
 * Commander's parser for an option taking a whole number within [min, max]. A typo is refused
 * before anything runs, with commander's one-line "option '--port <port>' argument 'abc' is
 * invalid" and exit 1: before, `--workers abc` ran one process without a word, and `--port abc`,
 * `--free-per-ip x` or `--status-interval -1` ended in a stack trace (the last after the server
 * had started).
 */
export function wholeNumber(min: number, max = Number.MAX_SAFE_INTEGER): (text: string) => number {
  return (text) => {
    if (!/^\d+$/.test(text.trim())) throw new InvalidArgumentError(`A whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'} is expected.`);
    const value = Number(text);
    if (value < min || value > max) throw new InvalidArgumentError(`It must be from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ' up'}.`);
    return value;
  };
}
