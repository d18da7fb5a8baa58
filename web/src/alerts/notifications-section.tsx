import { feedUrlsOf } from '../../../api/shared/feed-urls.ts';
import { SettingsCard } from '../account/settings-card.tsx';
import { FeedTokenSection } from './feed-token-section.tsx';
import { NotificationPreferencesForm } from './notification-preferences-form.tsx';

/**
 * The account page's Notifications section: the preferences form and the feed token. Delivery
 * channels (Slack, webhooks) and the test message are the alerts delivery's own component
 * (notification-channels.tsx), placed after the form.
 */
export function NotificationsSection() {
  return (
    <SettingsCard title="Notifications" description="Choose what you are told about, how often, and where.">
      <div className="grid gap-8">
        <NotificationPreferencesForm />
        <div className="border-t border-slate-200 pt-6">
          <FeedTokenSection personalFeedUrl={feedUrlsOf(window.location.origin, { personal: true }).rss} />
        </div>
      </div>
    </SettingsCard>
  );
}
