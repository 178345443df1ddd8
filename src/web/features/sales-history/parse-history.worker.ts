import { type HistoryParseMessage, parseHistoryFile } from './parse-history';

// Reads a history file off the main thread: a million order lines parse while the page stays live.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<File>) => void) | null;
  postMessage: (message: HistoryParseMessage) => void;
};

scope.onmessage = (event) => {
  void parseHistoryFile(event.data, (message) => scope.postMessage(message));
};
