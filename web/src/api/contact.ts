import type { ContactMessageInput } from '../../../api/shared/contact-schemas.ts';
import { api } from './client.ts';

/** POST /api/contact: stores the message (and e-mails support when the server has SMTP). */
export const sendContactMessage = (input: ContactMessageInput) => api.post<{ id: number; message: string }>('/api/contact', input);
