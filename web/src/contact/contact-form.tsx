import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { contactMessageSchema } from '../../../api/shared/contact-schemas.ts';
import { serverMessage } from '../api/client.ts';
import { sendContactMessage } from '../api/contact.ts';
import { toast } from '../components/toaster.tsx';

type ContactMessage = { name: string; email: string; company: string; subject: string; message: string };
type ContactErrors = Partial<Record<keyof ContactMessage, string>>;
const emptyMessage: ContactMessage = { name: '', email: '', company: '', subject: '', message: '' };

/** The server's own rules (shared schema), one message per field, before anything is sent. */
function validate(message: ContactMessage): ContactErrors {
  const result = contactMessageSchema.safeParse(message);
  const errors: ContactErrors = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path[0] as keyof ContactMessage;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Name, email, company, subject and message, checked here by the server's rules, then sent. */
export function ContactForm() {
  const id = useId();
  const [message, setMessage] = useState<ContactMessage>(emptyMessage);
  const [errors, setErrors] = useState<ContactErrors>({});
  const send = useMutation({
    mutationFn: sendContactMessage,
    onSuccess: () => {
      setMessage(emptyMessage);
      toast({ title: 'Message sent', description: "We'll get back to you as soon as possible." });
    },
    // The server's reason when it gives one (too many messages, a field it refused).
    onError: (error) =>
      toast({
        title: 'Error',
        description: serverMessage(error) ?? 'Failed to send message. Please try again.',
        variant: 'destructive',
      }),
  });

  const set = (field: keyof ContactMessage) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    setMessage((current) => ({ ...current, [field]: event.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = validate(message);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    send.mutate(message);
  }

  const control = (field: keyof ContactMessage, label: string, options: { type?: string; autoComplete?: string; multiline?: boolean } = {}) => {
    const controlId = `${id}-${field}`;
    const shared = {
      id: controlId,
      name: field,
      className: `input ${options.multiline ? 'min-h-36' : ''}`,
      value: message[field],
      onChange: set(field),
      'aria-invalid': errors[field] ? true : undefined,
      'aria-describedby': errors[field] ? `${controlId}-error` : undefined,
    };
    return (
      <div className={options.multiline ? 'sm:col-span-2' : ''}>
        <label htmlFor={controlId} className="label">
          {label}
        </label>
        {options.multiline ? <textarea {...shared} /> : <input {...shared} type={options.type ?? 'text'} autoComplete={options.autoComplete} />}
        {errors[field] && (
          <p id={`${controlId}-error`} className="mt-1 text-xs text-red-700">
            {errors[field]}
          </p>
        )}
      </div>
    );
  };

  return (
    <form onSubmit={submit} noValidate className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-7" aria-label="Contact form">
      {control('name', 'Name', { autoComplete: 'name' })}
      {control('email', 'Email', { type: 'email', autoComplete: 'email' })}
      {control('company', 'Company (optional)', { autoComplete: 'organization' })}
      {control('subject', 'Subject')}
      {control('message', 'Message', { multiline: true })}
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={send.isPending}>
          {send.isPending ? 'Sending...' : 'Send Message'}
        </button>
      </div>
    </form>
  );
}
