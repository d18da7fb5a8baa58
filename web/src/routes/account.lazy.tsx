import { ApiKeysSection } from '../account/api-keys-section.tsx';
import { DangerZone } from '../account/danger-zone.tsx';
import { HelpSection } from '../account/help-section.tsx';
import { PasswordSection } from '../account/password-section.tsx';
import { ProfileSection } from '../account/profile-section.tsx';
import { SubscriptionSection } from '../account/subscription-section.tsx';
import { AlertChannelsSection, FailingChannelsNotice } from '../alerts/notification-channels.tsx';
import { NotificationsSection } from '../alerts/notifications-section.tsx';
import { SavedSearchesPanel } from '../alerts/saved-searches-panel.tsx';
import { useCurrentUser } from '../auth/current-user.ts';
import { PageLayout } from '../components/page-layout.tsx';
import { usePageTitle } from '../lib/page-title.ts';

export function AccountPage() {
  usePageTitle('Account Settings');
  const { data: user } = useCurrentUser();
  return (
    <PageLayout>
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-10">
        <header>
          <h1 className="text-2xl font-bold text-slate-950 sm:text-3xl">Account Settings</h1>
          <p className="mt-1 text-slate-700">Manage your profile, password, subscription and API keys.</p>
        </header>
        {user ? (
          <>
            <FailingChannelsNotice />
            <ProfileSection user={user} />
            <PasswordSection />
            <SubscriptionSection />
            <SavedSearchesPanel />
            <NotificationsSection />
            <ApiKeysSection />
            <AlertChannelsSection />
            <HelpSection />
            <DangerZone />
          </>
        ) : (
          <p className="card p-6 text-slate-800">Please log in to view your account settings.</p>
        )}
      </div>
    </PageLayout>
  );
}

