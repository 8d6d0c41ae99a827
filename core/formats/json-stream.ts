import { JSONParser } from '@streamparser/json';
import { readText, type TextChunk, type TextInput } from './text-stream.js';

/**
 * Streams the elements of the arrays at `paths` (JSONPath like `$.features.*`) out of a JSON
 * file (gzipped or not), handing them to `sink` in one batch per decoded chunk: the whole
 * document is never held, so a département's parcels import in flat memory.
 */
export async function streamJsonElements(
  file: TextInput,
  paths: string[],
  sink: (elements: { path: string; value: unknown }[], progress: TextChunk) => void,
): Promise<void> {
  const parser = new JSONParser({ paths, keepStack: false });
  let batch: { path: string; value: unknown }[] = [];
  parser.onValue = ({ value, stack }) => {
    const parent = stack[stack.length - 1]?.key;
    batch.push({ path: String(parent ?? ''), value });
  };
  let failure: Error | undefined;
  parser.onError = (error) => {
    failure ??= error;
  };
  for await (const chunk of readText(file)) {
    if (!parser.isEnded) parser.write(chunk.text);
    if (failure) throw new Error(`Malformed JSON: ${failure.message}`);
    sink(batch, chunk);
    batch = [];
  }
  if (!parser.isEnded) {
    try {
      parser.end();
    } catch (error) {
      throw new Error(`Malformed JSON (the file ends too early): ${(error as Error).message}`);
    }
  }
  if (failure) throw new Error(`Malformed JSON: ${(failure as Error).message}`);
  if (batch.length) sink(batch, { text: '', bytesRead: 0 });
}
