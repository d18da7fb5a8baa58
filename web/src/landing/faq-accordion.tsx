import { Accordion } from 'radix-ui';
import { fullAccessPlan } from '../api/billing.ts';
import { productName } from '../../../vocabulary/product.ts';
import { bodiesCovered, bodiesCoveredNames, readEveryMinutes } from '../lib/coverage.ts';

const faqs = [
  {
    question: `What is ${productName}?`,
    answer: `${productName} is a subscription service that collects policies from Chinese national government bodies, translates them into English and adds key points, analysis, an importance score and the expected impact on each industry, so business and professional teams can follow regulatory change without reading Chinese.`,
  },
  {
    question: 'How does the free trial work?',
    answer: `Your ${fullAccessPlan.trialDays}-day free trial starts when you complete checkout. You enter your payment details there, but you are not charged until the trial ends, and if you cancel from your account settings before then you pay nothing.`,
  },
  {
    question: 'Which government bodies do you cover?',
    answer:
      `${bodiesCovered} national bodies: ${bodiesCoveredNames}.`,
  },
  {
    question: 'How quickly do new policies appear?',
    answer: `We read each issuing body’s website every ${readEveryMinutes} minutes; a new policy found there is then processed, translated and analysed.`,
  },
  {
    question: 'Can I cancel my subscription at any time?',
    answer: 'Yes. Cancel from the Subscription section of your account settings. You keep full access until the end of the period you have paid for, and you will not be charged again.',
  },
];

export function FaqAccordion() {
  return (
    <section id="faq" aria-labelledby="faq-heading" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-slate-950">
          Frequently asked questions
        </h2>
        <Accordion.Root type="single" collapsible className="mt-10 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {faqs.map((faq, index) => (
            <Accordion.Item key={faq.question} value={`faq-${index}`}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium text-slate-950 hover:bg-slate-50">
                  {faq.question}
                  <span aria-hidden="true" className="text-slate-700 transition-transform group-data-[state=open]:rotate-180">
                    ▾
                  </span>
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-sm text-slate-700">{faq.answer}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
