import { Link } from '@tanstack/react-router';
import { fullAccessPlan } from '../api/billing.ts';
import { StaticArticle } from '../components/static-article.tsx';
import { supportEmail } from '../lib/contact.ts';
import { productName } from '../../../vocabulary/product.ts';

/** The Terms of Service, as published. */
export function TermsOfServiceArticle() {
  return (
    <StaticArticle
      title="Terms of Service"
      lastUpdated="March 25, 2025"
      backToHome
      intro={`These terms govern your use of ${productName}. By creating an account or using the service you agree to them.`}
    >
      <h2>1. The service</h2>
      <p>
        {productName} collects policies published by Chinese government bodies and provides English translations, the original Chinese
        text, key points, analysis, importance scores and industry impact assessments, together with search, filtering and collections. We
        may add, change or remove features over time; we will not materially reduce the core service during a period you have paid for.
      </p>

      <h2>2. Accounts</h2>
      <ul>
        <li>You must be at least 16 years old and able to enter into a binding contract to use the service.</li>
        <li>You must give accurate information when you sign up and keep it up to date.</li>
        <li>
          A subscription is for one named user. You are responsible for keeping your password confidential and for all activity under your
          account. Tell us at once at <a href={`mailto:${supportEmail}`}>{supportEmail}</a> if you suspect unauthorised use.
        </li>
      </ul>

      <h2>3. Subscription, free trial and billing</h2>
      <ul>
        <li>
          The {fullAccessPlan.name} plan costs ${fullAccessPlan.monthlyPriceUsd} per user per month, billed monthly in advance, plus any applicable
          taxes.
        </li>
        <li>
          New subscribers receive a {fullAccessPlan.trialDays}-day free trial, which starts when you complete checkout. Unless you cancel
          before the trial ends, your payment method is charged the monthly fee when it ends.
        </li>
        <li>
          <strong>Automatic renewal.</strong> Your subscription renews automatically at the end of each monthly billing period, and we
          charge the payment method on file, until you cancel.
        </li>
        <li>
          You can cancel at any time from Account Settings. Cancellation takes effect at the end of the current billing period, and you keep
          access until then. Fees already paid are not refunded, except where the law requires it.
        </li>
        <li>
          <strong>Fee changes.</strong> We may change our fees. We will give you at least 30 days' notice by email before a new fee applies
          to your subscription, and you may cancel before it takes effect.
        </li>
        <li>If a payment fails, we may suspend access to paid features until the balance is paid.</li>
      </ul>

      <h2>4. Acceptable use</h2>
      <p>You agree not to:</p>
      <ul>
        <li>share your account, or resell, sublicense or redistribute the service or its content outside your organisation;</li>
        <li>scrape, crawl or bulk-download content, or use it to build a competing product or to train machine-learning models;</li>
        <li>interfere with the service, probe its security or get around any limits on access;</li>
        <li>use the service in breach of any law or of the rights of others.</li>
      </ul>

      <h2>5. Content, translations and analysis</h2>
      <p>
        Translations, summaries, analysis and importance scores are produced with the help of automated tools and are provided for
        information only. They may contain errors or omissions. The official Chinese text published by the issuing body is the authoritative
        version. Nothing in the service is legal, financial, tax or investment advice; you should take professional advice before acting on
        any policy.
      </p>

      <h2>6. Intellectual property</h2>
      <p>
        The service, its software, design, translations, analysis and compilation are owned by us or our licensors. We grant you a limited,
        non-exclusive, non-transferable licence to use them for your internal business purposes while your subscription is active. Government
        documents themselves remain subject to the rights of their publishers.
      </p>

      <h2>7. Third-party services</h2>
      <p>
        The service links to government websites and other third-party sites and relies on third-party providers such as our payment
        processor. We are not responsible for their content or practices.
      </p>

      <h2>8. Disclaimers</h2>
      <p>
        The service is provided "as is" and "as available". To the fullest extent the law allows, we disclaim all warranties, express or
        implied, including merchantability, fitness for a particular purpose, accuracy and non-infringement, and we do not promise that the
        service will be uninterrupted or error-free.
      </p>

      <h2>9. Limitation of liability</h2>
      <p>
        To the fullest extent the law allows, we are not liable for indirect, incidental, special, consequential or punitive damages, or for
        lost profits, revenue or data. Our total liability for any claim relating to the service is limited to the fees you paid us in the 12
        months before the claim arose.
      </p>

      <h2>10. Termination</h2>
      <p>
        You may stop using the service and delete your account at any time. We may suspend or end your access if you materially breach these
        terms, with notice where reasonable. Sections 5, 6, 8, 9 and 11 survive termination.
      </p>

      <h2>11. Governing law</h2>
      <p>
        These terms are governed by the laws of the State of California, United States, without regard to its conflict-of-laws rules. Any
        dispute will be resolved exclusively in the state or federal courts located in California, and you and we consent to their
        jurisdiction.
      </p>

      <h2>12. Changes to these terms</h2>
      <p>
        We may update these terms. We will post the new version here with a new "Last updated" date and tell you of material changes at
        least 30 days before they take effect. Continuing to use the service after that means you accept the new terms.
      </p>

      <h2>13. Contact</h2>
      <p>
        Questions about these terms can be sent to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> or through our{' '}
        <Link to="/contact">contact page</Link>. See also our <Link to="/privacy-policy">Privacy Policy</Link>.
      </p>
    </StaticArticle>
  );
}
