import { columnBuffers } from '../../../core/sales-history/history-columns';
import { type HistoryParseMessage, parseHistoryFile } from './parse-history';

// Reads a history file off the main thread: a million order lines parse while the page stays live.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<File>) => void) | null;
  postMessage: (message: HistoryParseMessage, transfer: Transferable[]) => void;
};

scope.onmessage = (event) => {
  // The rows' typed arrays are moved to the page, not copied.
  void parseHistoryFile(event.data, (message) =>
    scope.postMessage(message, message.type === 'done' ? columnBuffers(message.parsed.columns) : []),
  );
};
