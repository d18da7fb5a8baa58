import { PageLayout } from '../components/page-layout.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { PrivacyPolicyArticle } from '../static-pages/privacy-policy.tsx';

export function PrivacyPolicyPage() {
  usePageTitle('Privacy Policy');
  return (
    <PageLayout>
      <PrivacyPolicyArticle />
    </PageLayout>
  );
}
