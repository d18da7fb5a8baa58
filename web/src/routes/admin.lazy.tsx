import { useNavigate, useSearch } from '@tanstack/react-router';
import { Tabs } from 'radix-ui';
import { ActivityTab } from '../admin/activity-tab.tsx';
import { useOpenTabInView, type AdminTab } from '../admin/admin-tabs.ts';
import { AdminToolsTab } from '../admin/admin-tools-tab.tsx';
import { DashboardTab } from '../admin/dashboard-tab.tsx';
import { LinksTab } from '../admin/links/links-tab.tsx';
import { PolicyManagementTab } from '../admin/policy-management-tab.tsx';
import { SourcesTab } from '../admin/sources/sources-tab.tsx';
import { StoryProcessingTab } from '../admin/story-processing-tab.tsx';
import { UserManagementTab } from '../admin/user-management-tab.tsx';
import { PageLayout } from '../components/page-layout.tsx';
import { usePageTitle } from '../lib/page-title.ts';

const tabs: { value: AdminTab; label: string }[] = [
  { value: 'dashboard', label: 'Dashboard' },
  { value: 'policies', label: 'Policy Management' },
  { value: 'users', label: 'User Management' },
  { value: 'stories', label: 'Story Processing' },
  { value: 'sources', label: 'Sources' },
  { value: 'links', label: 'Links' },
  { value: 'tools', label: 'Admin Tools' },
  { value: 'activity', label: 'Activity' },
];

const tabTrigger =
  'shrink-0 border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-slate-700 hover:text-slate-950 data-[state=active]:border-blue-700 data-[state=active]:text-blue-800';

export function AdminPage() {
  usePageTitle('Admin Dashboard');
  const { tab = 'dashboard' } = useSearch({ from: '/admin' });
  const navigate = useNavigate({ from: '/admin' });
  const tabList = useOpenTabInView(tab);
  return (
    <PageLayout>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">Admin Dashboard</h1>
        <Tabs.Root value={tab} onValueChange={(value) => void navigate({ search: { tab: value as AdminTab }, replace: true })} className="mt-6">
          <Tabs.List ref={tabList} aria-label="Admin sections" className="flex overflow-x-auto border-b border-slate-200">
            {tabs.map((entry) => (
              <Tabs.Trigger key={entry.value} value={entry.value} className={tabTrigger}>
                {entry.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="dashboard" className="pt-6">
            <DashboardTab />
          </Tabs.Content>
          <Tabs.Content value="policies" className="pt-6">
            <PolicyManagementTab />
          </Tabs.Content>
          <Tabs.Content value="users" className="pt-6">
            <UserManagementTab />
          </Tabs.Content>
          <Tabs.Content value="stories" className="pt-6">
            <StoryProcessingTab />
          </Tabs.Content>
          <Tabs.Content value="sources" className="pt-6">
            <SourcesTab />
          </Tabs.Content>
          <Tabs.Content value="links" className="pt-6">
            <LinksTab />
          </Tabs.Content>
          <Tabs.Content value="tools" className="pt-6">
            <AdminToolsTab />
          </Tabs.Content>
          <Tabs.Content value="activity" className="pt-6">
            <ActivityTab />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </PageLayout>
  );
}
