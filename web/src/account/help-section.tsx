import { Link } from '@tanstack/react-router';
import { SettingsCard } from './settings-card.tsx';

export function HelpSection() {
  return (
    <SettingsCard title="Need Help?" description="Questions about your account, billing or the data? We are here to help.">
      <div className="flex flex-wrap gap-3">
        <Link to="/contact" className="btn-secondary">
          Contact Support
        </Link>
        <Link to="/help-center" hash="faq" className="btn-secondary">
          View FAQs
        </Link>
      </div>
    </SettingsCard>
  );
}
