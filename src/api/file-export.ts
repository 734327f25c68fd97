import { readApiResponse, sendApiRequest } from './client';
import { ApiError } from './errors';

/**
 * A server export, read through the app's own request (with the client header, so the proxy's guard stays
 * as strict as for every /api call: a bare link would be refused) and handed back as a file to save.
 */
export async function fetchFileExport(path: string, fallbackName: string): Promise<{ blob: Blob; filename: string }> {
  const response = await sendApiRequest(path).catch(() => {
    throw new ApiError('network', 'The creditscope server did not answer. Is it still running?');
  });
  if (!response.ok) {
    // Failures are JSON like every other /api answer: let the common reader turn them into an ApiError.
    await readApiResponse(Promise.resolve(response));
    throw new ApiError('bad_request', `HTTP ${response.status} from the creditscope server`, {
      status: response.status,
    });
  }
  const named = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
  return { blob: await response.blob(), filename: named ?? fallbackName };
}
