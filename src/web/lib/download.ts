import { ApiError } from './api-client';
import { readStoredToken } from './token-storage';

/** Saves a blob as a file through a temporary <a download>. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 40_000);
}

/** A CSV text (already carrying its BOM) as a UTF-8 download. */
export const saveCsv = (csv: string, fileName: string) =>
  saveBlob(new Blob([csv], { type: 'text/csv;charset=utf-8' }), fileName);

/** The file name of `attachment; filename="x.csv"`. */
function attachmentName(disposition: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(disposition ?? '');
  return match?.[1] ?? null;
}

async function failureMessage(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : null;
  } catch {
    return null;
  }
}

/** Downloads an export of the API (bearer token, as every private call) and saves it. */
export async function downloadExport(path: string, fallbackName: string): Promise<void> {
  const token = readStoredToken();
  const response = await fetch(path, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'include',
    cache: 'no-store',
  });
  if (!response.ok) {
    const message = await failureMessage(response);
    throw new ApiError(
      response.status,
      message ?? `HTTP error! status: ${response.status}`,
      message !== null,
    );
  }
  saveBlob(
    await response.blob(),
    attachmentName(response.headers.get('content-disposition')) ?? fallbackName,
  );
}
