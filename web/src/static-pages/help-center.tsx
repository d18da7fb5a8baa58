import { Link, useRouterState } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { fullAccessPlan } from '../api/billing.ts';
import { StaticArticle } from '../components/static-article.tsx';
import { supportEmail, supportHours } from '../lib/contact.ts';
import { departmentFeeds } from '../alerts/department-feeds.tsx';
import { departmentList } from '../../../vocabulary/departments.ts';
import { bodiesCovered, bodiesCoveredNames, readEveryMinutes } from '../lib/coverage.ts';
import { productName } from '../../../vocabulary/product.ts';

const sections = [
  { id: 'getting-started', title: 'Getting started' },
  { id: 'faq', title: 'Frequently asked questions' },
  { id: 'data-integration', title: 'Data integration and export' },
  { id: 'enterprise', title: 'Enterprise features' },
  { id: 'support', title: 'Still need help?' },
];

function Question({ question, children }: { question: string; children: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5">
      <h3 className="!mt-0">{question}</h3>
      <div className="mt-2 space-y-2 text-slate-800">{children}</div>
    </div>
  );
}

/** A link to /help-center#faq must land on the section even though this page's code arrives after navigation. */
export function useScrollToHash() {
  const hash = useRouterState({ select: (state) => state.location.hash });
  useEffect(() => {
    if (hash) document.getElementById(hash)?.scrollIntoView();
  }, [hash]);
}

/** The Help Center: getting started, questions and answers, integrations, enterprise, support. */
export function HelpCenterArticle() {
  return (
    <StaticArticle
      title="Help Center"
      intro={`Answers to common questions about ${productName}: finding policies, understanding the analysis, exporting data and managing your subscription.`}
    >
      <nav aria-label="Help topics" className="rounded-lg border border-slate-200 bg-white p-5">
        <p className="font-semibold text-slate-950">On this page</p>
        <ul className="mt-2">
          {sections.map((section) => (
            <li key={section.id}>
              <Link to="/help-center" hash={section.id}>
                {section.title}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <section aria-labelledby="getting-started">
        <h2 id="getting-started">Getting started</h2>
        <ol>
          <li>
            Start your {fullAccessPlan.trialDays}-day free trial from the <Link to="/">home page</Link>. The trial starts when you complete
            checkout, and you can cancel from Account Settings before it ends.
          </li>
          <li>
            Open the <Link to="/dashboard">dashboard</Link> to see the latest policies. Filter by department, industry, topic, date range and
            importance, and sort by newest or oldest.
          </li>
          <li>Open any policy to read the English translation, the original Chinese text, key points, analysis and industry impact.</li>
          <li>Save the policies you care about into named collections so your team can come back to them.</li>
        </ol>
      </section>

      <section aria-labelledby="faq" className="space-y-4">
        <h2 id="faq">Frequently asked questions</h2>
        <Question question="How quickly are new policies added?">
          <p>
            We read each government body's website every {readEveryMinutes} minutes, around the clock; a new policy found there is then
            processed, translated and analysed.
          </p>
        </Question>
        <Question question="Which government bodies do you cover?">
          <p>
            {bodiesCovered} national bodies: {bodiesCoveredNames}.
          </p>
        </Question>
        <Question question="How does search work?">
          <p>
            Type what you are looking for in plain English. Search matches words in policy titles and descriptions, including partial words,
            and is not case-sensitive: "fintech", "FinTech" and "fin" all find financial technology policies. Combine search with the
            department, industry, topic and date filters to narrow the results.
          </p>
        </Question>
        <Question question="What does the importance score mean?">
          <p>
            Each policy gets a score from 1 to 10: 1-2 Insignificant, 3-4 Low Importance, 5-6 Medium Importance, 7-8 High Importance and
            9-10 Urgent Importance. The score reflects how broad and binding the policy is and how strongly it is likely to affect business.
          </p>
        </Question>
        <Question question="How accurate are the translations?">
          <p>
            Translations are produced by AI and checked against the original structure of the document. They are reliable for understanding a
            policy, but the official Chinese text, always one tab away, is authoritative.
          </p>
        </Question>
        <Question question="How do I cancel or change my subscription?">
          <p>
            Go to Account Settings and use Manage Billing in the Subscription section. You keep access until the end of the billing period
            you have paid for.
          </p>
        </Question>
        <Question question="How do I change my password or delete my account?">
          <p>
            Both are in Account Settings: Password Settings changes your password, and the Danger Zone deletes your account and all its data.
          </p>
        </Question>
      </section>

      <section aria-labelledby="data-integration">
        <h2 id="data-integration">Data integration and export</h2>
        <p>Bring policy intelligence into the tools your team already uses.</p>
        <ul>
          <li>
            <strong>Export formats:</strong> with Full Access, a policy exports as PDF or Word from its page, and a search or a collection
            as CSV or Excel from its Export menu.
          </li>
          <li>
            <strong>Slack:</strong> send new policies matching your filters to a Slack channel.
          </li>
          <li>
            <strong>RSS and Atom feeds:</strong> each saved search has its own private feed (Saved Searches, with the feed token from
            Account Settings), and every department's new policies are a public feed, listed below.
          </li>
          <li>
            <strong>API:</strong> read policies, translations and analysis as JSON to feed your own research, compliance or BI systems.
          </li>
          <li>
            <strong>Historical archive:</strong> every policy we have processed remains searchable, so you can follow how a topic developed
            over time.
          </li>
        </ul>
        <h3 id="feeds">Department feeds</h3>
        <p>Public feeds of each department's new policies, for any feed reader, no account needed (titles, descriptions and links):</p>
        <ul data-testid="department-feed-list">
          {departmentList.map((department) => (
            <li key={department.code}>
              {department.fullName} ({department.code}):{' '}
              {departmentFeeds(department).map((feed, index) => (
                <span key={feed.format}>
                  {index > 0 && ' · '}
                  <a href={feed.href} aria-label={`${feed.format} feed of ${department.fullName}`}>
                    {feed.format}
                  </a>
                </span>
              ))}
            </li>
          ))}
        </ul>
        <p>
          To set up an integration, email <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with the tool you use and what you would like
          to receive.
        </p>
      </section>

      <section aria-labelledby="enterprise">
        <h2 id="enterprise">Enterprise features</h2>
        <p>Teams with more than a few users can add:</p>
        <ul>
          <li>Shared collections that everyone on the team can read and add to.</li>
          <li>SMS notifications for urgent policies.</li>
          <li>Multi-user accounts with role-based permissions.</li>
          <li>Priority support with a named contact.</li>
        </ul>
        <p>
          <Link to="/contact">Contact us</Link> for enterprise pricing.
        </p>
      </section>

      <section aria-labelledby="support">
        <h2 id="support">Still need help?</h2>
        <p>
          Our support team is available {supportHours} and replies within 24 hours on business days. Write to{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or use the <Link to="/contact">contact form</Link>.
        </p>
      </section>
    </StaticArticle>
  );
}
