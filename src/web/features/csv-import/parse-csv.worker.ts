import type { ParseRequest, ParseResponse } from './parse-csv';
import { parseCsvText } from './parse-csv-text';

// Parses a big file off the main thread; the rows go back by structured clone.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ParseRequest>) => void) | null;
  postMessage: (message: ParseResponse) => void;
};

scope.onmessage = async (event) => {
  let response: ParseResponse;
  try {
    response = { ok: true, csv: parseCsvText(await event.data.file.text(), event.data.delimiter) };
  } catch (error) {
    response = { ok: false, message: error instanceof Error ? error.message : 'The file could not be read' };
  }
  scope.postMessage(response);
};
