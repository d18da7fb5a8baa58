import type { ContactMessageInput } from '../../../api/shared/contact-schemas.ts';
import { call, rpc } from './client.ts';

/** POST /api/contact: stores the message (and e-mails support when the server has SMTP). */
export const sendContactMessage = (json: ContactMessageInput) => call(rpc.contact.$post({ json }));
