import { useQueryClient } from '@tanstack/react-query';
import { useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { InstantSearch } from 'react-instantsearch';
import { PageLayout } from '../components/page-layout.tsx';
import { DashboardSearch } from '../dashboard/dashboard-search.tsx';
import { indexName, loadDashboardState, toUiState } from '../dashboard/dashboard-state.ts';
import { createDashboardSearchClient } from '../dashboard/search-client.ts';
import { WelcomePopup } from '../dashboard/welcome-popup.tsx';
import { usePageTitle } from '../lib/page-title.ts';

export function DashboardPage() {
  usePageTitle('Dashboard');
  const { q } = useSearch({ from: '/dashboard' });
  const queryClient = useQueryClient();
  const [searchClient] = useState(() => createDashboardSearchClient(queryClient));
  // Read once: the saved filters (and the address's q) seed InstantSearch, which owns them from then on.
  const [initialUiState] = useState(() => toUiState(loadDashboardState(), q));

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
      <WelcomePopup />
    </PageLayout>
  );
}
