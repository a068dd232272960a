import { StringDecoder } from 'node:string_decoder';

/** An item bigger than this is refused rather than held in memory. */
export const MAX_JSON_ITEM_CHARS = 8 * 1024 * 1024;

export class JsonStreamError extends Error {}

/**
 * Yields, one parsed value at a time, the items of the array under `key` in a JSON object
 * read from `chunks` (`{"entries": [ {...}, {...} ]}`), holding only one item in memory: a
 * 50 MB Day One export never becomes one 50 MB string. Only the top-level object's keys are
 * matched; everything else is skipped by a small tokenizer that tracks strings and nesting.
 */
export async function* jsonArrayItems(
  chunks: AsyncIterable<Buffer | string>,
  key: string,
): AsyncGenerator<unknown> {
  const decoder = new StringDecoder('utf8');
  let depth = 0; // nesting of {} and [] around the current character
  let inString = false;
  let escaped = false;
  let lastString = '';
  let collecting = '';
  let buildingString = false;
  let awaitingArray = false; // saw "key": at depth 1, the next value is the array
  let inArray = false; // inside the wanted array (its items are at depth 2)
  let item: string[] = [];
  let itemChars = 0;
  let sawTopObject = false;

  const flushItem = function* (): Generator<unknown> {
    const text = item.join('').trim();
    item = [];
    itemChars = 0;
    if (text === '') return;
    try {
      yield JSON.parse(text) as unknown;
    } catch {
      throw new JsonStreamError('The file is not valid JSON');
    }
  };

  const process = function* (text: string): Generator<unknown> {
    let segmentStart = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text[i];
      if (inString) {
        if (buildingString) collecting += c;
        if (escaped) escaped = false;
        else if (c === '\\') escaped = true;
        else if (c === '"') {
          inString = false;
          if (buildingString) {
            lastString = collecting.slice(0, -1);
            buildingString = false;
          }
        }
        continue;
      }
      if (c === '"') {
        inString = true;
        if (depth === 1 && !inArray) {
          buildingString = true;
          collecting = '';
        }
        continue;
      }
      if (c === ':' && depth === 1 && !inArray) {
        awaitingArray = lastString === key;
        continue;
      }
      if (c === '{' || c === '[') {
        if (depth === 0) {
          if (c !== '{') throw new JsonStreamError('The file is not a JSON object');
          sawTopObject = true;
        }
        if (depth === 1 && awaitingArray) {
          if (c !== '[') throw new JsonStreamError(`"${key}" is not a list`);
          inArray = true;
          awaitingArray = false;
          depth++;
          segmentStart = i + 1;
          continue;
        }
        depth++;
        continue;
      }
      if (c === '}' || c === ']') {
        depth--;
        if (depth < 0) throw new JsonStreamError('The file is not valid JSON');
        if (inArray && depth === 1) {
          item.push(text.slice(segmentStart, i));
          yield* flushItem();
          inArray = false;
          segmentStart = i + 1;
        }
        continue;
      }
      if (c === ',' && inArray && depth === 2) {
        item.push(text.slice(segmentStart, i));
        yield* flushItem();
        segmentStart = i + 1;
      }
    }
    if (inArray) {
      const rest = text.slice(segmentStart);
      itemChars += rest.length;
      if (itemChars > MAX_JSON_ITEM_CHARS) throw new JsonStreamError('An entry is too large');
      item.push(rest);
    }
  };

  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    yield* process(text);
  }
  yield* process(decoder.end());
  if (!sawTopObject || depth !== 0 || inString) {
    throw new JsonStreamError('The file is not valid JSON');
  }
}
