import { PageLayout } from '../components/page-layout.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { TermsOfServiceArticle } from '../static-pages/terms-of-service.tsx';

export function TermsOfServicePage() {
  usePageTitle('Terms of Service');
  return (
    <PageLayout>
      <TermsOfServiceArticle />
    </PageLayout>
  );
}
