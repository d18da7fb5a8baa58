import { PageLayout } from '../components/page-layout.tsx';
import { usePageTitle } from '../lib/page-title.ts';
import { AboutUsArticle } from '../static-pages/about-us.tsx';

export function AboutUsPage() {
  usePageTitle('About Us');
  return (
    <PageLayout>
      <AboutUsArticle />
    </PageLayout>
  );
}
