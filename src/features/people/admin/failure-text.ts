import { ApiError } from '../../../api/errors';

/** The server's own words for a refusal (they say how to fix it), or a plain sentence for anything else. */
export const failureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'That did not work: check the connection and try again.';
