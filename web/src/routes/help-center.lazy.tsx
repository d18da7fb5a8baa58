import { PageLayout } from '../components/page-layout.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { HelpCenterArticle, useScrollToHash } from '../static-pages/help-center.tsx';

export function HelpCenterPage() {
  usePageTitle('Help Center');
  useScrollToHash();
  return (
    <PageLayout>
      <HelpCenterArticle />
    </PageLayout>
  );
}
