import { StaticArticle } from '../components/static-article.tsx';
import { privacyEmail } from '../lib/contact.ts';
import { productName } from '../../../vocabulary/product.ts';

/** The Privacy Policy, as published. */
export function PrivacyPolicyArticle() {
  return (
    <StaticArticle
      title="Privacy Policy"
      lastUpdated="March 25, 2025"
      backToHome
      intro={`This policy explains what personal information ${productName} collects, why we collect it, who we share it with, how long we keep it and the choices you have.`}
    >
      <h2>1. Who we are</h2>
      <p>
        {productName} ("we", "us", "our") provides a subscription service for tracking, translating and analysing Chinese government policy. We
        are the controller of the personal information described in this policy. Questions can be sent to{' '}
        <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>.
      </p>

      <h2>2. Information we collect</h2>
      <h3>Information you give us</h3>
      <ul>
        <li>Account details: your name, email address, username and password (stored only as a salted hash).</li>
        <li>Profile details you choose to add, such as your company and job title.</li>
        <li>Messages you send us through the contact form or by email, and the reason you give if you delete your account.</li>
      </ul>
      <h3>Information created when you use the service</h3>
      <ul>
        <li>Your saved collections, the policies you add to them and your notification preferences.</li>
        <li>Search queries, filters and pages viewed, which we use in aggregate to improve search and the service.</li>
        <li>Technical data such as IP address, browser type, device information and timestamps, recorded in server logs.</li>
      </ul>
      <h3>Payment information</h3>
      <p>
        Payments are handled by our payment processor. We never receive or store your full card number. We keep the subscription status,
        billing dates and a customer reference that the processor gives us.
      </p>
      <h3>Cookies</h3>
      <p>
        We use one essential cookie to keep you signed in and your browser's local storage to remember display preferences such as your
        dashboard filters. We do not use advertising cookies or cross-site tracking.
      </p>

      <h2>3. How we use your information</h2>
      <ul>
        <li>To create and secure your account and provide the features you subscribe to.</li>
        <li>To process payments, manage your free trial and subscription, and send billing and service messages.</li>
        <li>To answer your questions and support requests.</li>
        <li>To maintain, protect and improve the service, including detecting abuse and fixing errors.</li>
        <li>To comply with legal obligations.</li>
      </ul>

      <h2>4. How we share information</h2>
      <p>We do not sell or rent your personal information. We share it only with:</p>
      <ul>
        <li>Service providers who process it on our behalf under contract, such as our payment processor, hosting and email providers.</li>
        <li>Professional advisers, authorities or courts where the law requires it or to protect our rights, users or the public.</li>
        <li>A successor organisation if our business is merged, acquired or sold, subject to this policy.</li>
      </ul>
      <p>
        The policy texts we translate and analyse are public government documents; your personal information is not sent to the AI services
        that process them.
      </p>

      <h2>5. How long we keep information</h2>
      <ul>
        <li>Account and profile information: for as long as your account is open.</li>
        <li>After you delete your account: your profile, collections and preferences are deleted immediately from the live service and removed from backups within 30 days.</li>
        <li>Billing records: for as long as tax and accounting law requires, normally seven years.</li>
        <li>Server logs: up to 90 days, unless needed longer to investigate a security incident.</li>
      </ul>

      <h2>6. Your rights</h2>
      <p>Depending on where you live, you may have the right to:</p>
      <ul>
        <li>access the personal information we hold about you and receive a copy of it;</li>
        <li>correct information that is inaccurate or incomplete (most of it can be edited in Account Settings);</li>
        <li>delete your information, which you can do at any time from the Danger Zone of Account Settings;</li>
        <li>object to or restrict certain processing, and withdraw consent where processing relies on it;</li>
        <li>complain to your local data protection authority.</li>
      </ul>
      <p>
        To exercise any of these rights, email <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>. We answer within 30 days and will not
        treat you differently for exercising your rights.
      </p>

      <h2>7. Security</h2>
      <p>
        We protect your information with encryption in transit, hashed passwords, access controls and regular review of our systems. No
        method of transmission or storage is completely secure, so we cannot guarantee absolute security.
      </p>

      <h2>8. International transfers</h2>
      <p>
        We and our service providers may process information in countries other than your own. Where we do, we use appropriate safeguards
        such as standard contractual clauses.
      </p>

      <h2>9. Children</h2>
      <p>
        The service is intended for business and professional use and is not directed at anyone under 16 years of age. You must be at least
        16 to create an account. We do not knowingly collect personal information from children under 16; if you believe we have, contact us
        and we will delete it.
      </p>

      <h2>10. Changes to this policy</h2>
      <p>
        We may update this policy from time to time. We will post the new version on this page with a new "Last updated" date and, for
        significant changes, tell you by email or in the service before they take effect.
      </p>

      <h2>11. Contact us</h2>
      <p>
        For any question about this policy or your personal information, email <a href={`mailto:${privacyEmail}`}>{privacyEmail}</a>.
      </p>
    </StaticArticle>
  );
}
