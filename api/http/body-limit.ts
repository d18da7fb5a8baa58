import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors.ts';

/** JSON calls carry a few fields; a larger body is a mistake or an attack, refused before parsing. */
export const jsonBodyLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    // The rest of the body is never read, so the connection can't carry another request: say so,
    // or a keep-alive client sends its next request on a socket the server then drops.
    throw new AppError('payload_too_large', 'The request body is too large', { Connection: 'close' });
  },
});
