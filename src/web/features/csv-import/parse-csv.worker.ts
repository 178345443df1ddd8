import { type ReadRequest, type ReadResult, readCsv } from './read-csv';

export type WorkerResponse = { ok: true; result: ReadResult } | { ok: false; message: string };

// Reads a big file off the main thread; the rows go back by structured clone.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<ReadRequest>) => void) | null;
  postMessage: (message: WorkerResponse) => void;
};

scope.onmessage = async (event) => {
  let response: WorkerResponse;
  try {
    response = { ok: true, result: await readCsv(event.data) };
  } catch (error) {
    response = { ok: false, message: error instanceof Error ? error.message : 'The file could not be read' };
  }
  scope.postMessage(response);
};
