import { Link } from '@tanstack/react-router';
import { StaticArticle } from '../components/static-article.tsx';
import { productName } from '../../../vocabulary/product.ts';
import { bodiesCovered, readEveryMinutes } from '../lib/coverage.ts';

const figures = [
  { value: String(bodiesCovered), label: 'Government bodies monitored' },
  { value: '50+', label: 'New policies every day' },
  { value: '24/7', label: 'Monitoring' },
  { value: `${readEveryMinutes} min`, label: 'Between reads of each website' },
];

/** About Us: what the product does and for whom. */
export function AboutUsArticle() {
  return (
    <StaticArticle
      title={`About ${productName}`}
      intro="We make Chinese government policy readable, searchable and actionable for the people whose work depends on it."
    >
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="rounded-lg border border-slate-200 bg-white p-4 text-center">
            <dt className="text-sm text-slate-700">{figure.label}</dt>
            <dd className="order-first text-2xl font-bold text-slate-950">{figure.value}</dd>
          </div>
        ))}
      </dl>

      <h2>Why we exist</h2>
      <p>
        China's ministries, regulators and commissions publish thousands of notices, measures and opinions every year. They shape markets
        from banking and capital markets to manufacturing, healthcare and energy, yet they appear in Chinese, across dozens of websites, often
        with little warning. Companies that learn of a rule weeks late pay for it.
      </p>
      <p>
        {productName} closes that gap. We bring every relevant policy into one place, in English, with the context a decision maker needs to
        understand what changed and who is affected.
      </p>

      <h2>What we do</h2>
      <ul>
        <li>
          <strong>Monitor</strong> the websites of {bodiesCovered} national bodies, from the State Council and the People's Bank of China to the CSRC,
          MIIT and MOFCOM, every {readEveryMinutes} minutes around the clock.
        </li>
        <li>
          <strong>Translate</strong> each policy from Chinese into clear English and keep the original text alongside it.
        </li>
        <li>
          <strong>Analyse</strong> it: key points, a plain-language analysis, an importance score from 1 to 10 and the expected impact on each
          industry and topic.
        </li>
        <li>
          <strong>Organise</strong> it so you can search in plain English, filter by department, industry, topic and date, and keep what
          matters in collections.
        </li>
      </ul>

      <h2>Who we serve</h2>
      <p>
        Our subscribers are compliance and legal teams, government-affairs and strategy professionals, investors and analysts, consultants
        and researchers: anyone who needs to know what Beijing decided today and what it means for their business tomorrow.
      </p>

      <h2>How we work</h2>
      <p>
        We combine automated collection and AI translation with careful engineering around accuracy. Every policy links back to its official
        source, the original Chinese text is always available, and anything that cannot be translated reliably is flagged for review rather
        than guessed. We would rather be a few minutes later than wrong.
      </p>

      <h2>Get in touch</h2>
      <p>
        We would love to hear how you use policy intelligence and what would make it more useful. <Link to="/contact">Contact us</Link>, read
        the <Link to="/help-center">Help Center</Link>, or <Link to="/">start your free trial</Link>.
      </p>
    </StaticArticle>
  );
}
