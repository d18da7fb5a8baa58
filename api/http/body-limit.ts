import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors.ts';

/** A body past `maxSize` bytes is refused before it is parsed (or read further). */
function bodyLimitOf(maxSize: number) {
  return bodyLimit({
    maxSize,
    onError: () => {
      // The rest of the body is never read, so the connection can't carry another request: say so,
      // or a keep-alive client sends its next request on a socket the server then drops.
      throw new AppError('payload_too_large', 'The request body is too large', { Connection: 'close' });
    },
  });
}

/** JSON calls carry a few fields; a larger body is a mistake or an attack. */
export const jsonBodyLimit = bodyLimitOf(64 * 1024);

/** A policy save carries whole documents (a long law's Chinese text and its translation). */
export const policyBodyLimit = bodyLimitOf(4 * 1024 * 1024);
