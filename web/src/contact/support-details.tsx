import { supportEmail, supportHours } from '../lib/contact.ts';

/** Where else to reach support: the address, the hours, enterprise plans. */
export function SupportDetails() {
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
