import { useMutation } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { contactMessageSchema } from '../../../api/shared/contact-schemas.ts';
import { serverMessage } from '../api/client.ts';
import { sendContactMessage } from '../api/contact.ts';
import { PageLayout } from '../components/page-layout.tsx';
import { toast } from '../components/toaster.tsx';
import { supportEmail, supportHours } from '../lib/contact.ts';
import { usePageTitle } from '../lib/page-title.ts';

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

export function ContactPage() {
  usePageTitle('Contact Us');
  return (
    <PageLayout>
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
        <header className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight text-slate-950 sm:text-4xl">Contact Us</h1>
          <p className="mt-3 text-lg text-slate-700">
            Questions about the service, your subscription or enterprise plans? Send us a message and we will get back to you.
          </p>
        </header>
        <div className="mt-10 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <ContactForm />
          <SupportDetails />
        </div>
      </div>
    </PageLayout>
  );
}

function ContactForm() {
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

function SupportDetails() {
  return (
    <aside aria-label="Support details" className="space-y-4">
      <div className="card p-5">
        <h2 className="font-semibold text-slate-950">Email</h2>
        <a href={`mailto:${supportEmail}`} className="mt-1 inline-block text-sm font-medium text-brand-700 underline underline-offset-2">
          {supportEmail}
        </a>
      </div>
      <div className="card p-5">
        <h2 className="font-semibold text-slate-950">Support hours</h2>
        <p className="mt-1 text-sm text-slate-800">{supportHours}</p>
        <p className="mt-2 text-sm text-slate-700">We respond within 24 hours on business days.</p>
      </div>
      <div className="card p-5">
        <h2 className="font-semibold text-slate-950">Enterprise</h2>
        <p className="mt-1 text-sm text-slate-700">
          Team accounts, shared collections, SMS alerts and priority support are available on enterprise plans. Mention "Enterprise" in your
          subject and our team will be in touch.
        </p>
      </div>
    </aside>
  );
}
