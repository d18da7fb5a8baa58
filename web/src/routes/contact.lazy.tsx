import { PageLayout } from '../components/page-layout.tsx';
import { ContactForm } from '../contact/contact-form.tsx';
import { SupportDetails } from '../contact/support-details.tsx';
import { usePageTitle } from '../lib/page-title.ts';

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
