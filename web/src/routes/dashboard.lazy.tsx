import { useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { InstantSearch } from 'react-instantsearch';
import { PageLayout } from '../components/page-layout.tsx';
import { DashboardSearch } from '../dashboard/dashboard-search.tsx';
import { indexName, loadDashboardState, toUiState } from '../dashboard/dashboard-state.ts';
import { createDashboardSearchClient } from '../dashboard/search-client.ts';
import { welcomeRequested } from '../dashboard/welcome-flag.ts';
import { usePageTitle } from '../lib/page-title.ts';

/** The welcome (a dialog and confetti) is shown once after subscribing: its code loads only then. */
const WelcomePopup = lazy(() => import('../dashboard/welcome-popup.tsx').then((module) => ({ default: module.WelcomePopup })));

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { q } = useSearch({ from: '/dashboard' });
  const queryClient = useQueryClient();
  const [searchClient] = useState(() => createDashboardSearchClient(queryClient));
  // Read once: the saved filters (and the address's q) seed InstantSearch, which owns them from then on.
  const [initialUiState] = useState(() => toUiState(loadDashboardState(), q));
  const [welcome] = useState(welcomeRequested);

  return (
    <PageLayout>
      <h1 className="sr-only">Dashboard</h1>
      <InstantSearch
        searchClient={searchClient}
        indexName={indexName}
        initialUiState={initialUiState}
        insights={false}
        future={{ preserveSharedStateOnUnmount: true }}
      >
        <DashboardSearch urlQuery={q} />
      </InstantSearch>
      {welcome && (
        <Suspense fallback={null}>
          <WelcomePopup />
        </Suspense>
      )}
    </PageLayout>
  );
}
