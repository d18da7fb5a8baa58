import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors.ts';

/** JSON calls carry a few fields; a larger body is a mistake or an attack, refused before parsing. */
export const jsonBodyLimit = bodyLimit({
  maxSize: 64 * 1024,
  onError: () => {
    throw new AppError('payload_too_large', 'The request body is too large');
  },
});
