import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { updateProfile } from '../api/account.ts';
import { currentUserQuery, type CurrentUser } from '../auth/current-user.ts';
import { toast } from '../components/toaster.tsx';
import { SettingsCard, TextField } from './settings-card.tsx';

export function ProfileSection({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const [profile, setProfile] = useState({
    name: user.name ?? '',
    username: user.username ?? '',
    company: user.company ?? '',
    jobTitle: user.jobTitle ?? '',
  });
  const set = (field: keyof typeof profile) => (value: string) => setProfile((current) => ({ ...current, [field]: value }));

  const save = useMutation({
    mutationFn: updateProfile,
    onSuccess: (updated) => {
      queryClient.setQueryData(currentUserQuery.queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      toast({ title: 'Profile updated', description: 'Your profile information has been saved.' });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to update profile. Please try again.', variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({
      name: profile.name.trim(),
      username: profile.username.trim(),
      company: profile.company.trim() || null,
      jobTitle: profile.jobTitle.trim() || null,
    });
  }

  return (
    <SettingsCard title="Profile Information" description="Your name and work details as other parts of the service show them.">
      <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" value={profile.name} onChange={set('name')} autoComplete="name" required />
        <TextField label="Username" value={profile.username} onChange={set('username')} autoComplete="username" required />
        <div className="sm:col-span-2">
          <TextField label="Email" type="email" value={user.email} readOnly aria-describedby="email-read-only-note" />
          <p id="email-read-only-note" className="mt-1 text-xs text-slate-700">
            Your email address cannot be changed here.
          </p>
        </div>
        <TextField label="Company (optional)" value={profile.company} onChange={set('company')} autoComplete="organization" />
        <TextField label="Job Title (optional)" value={profile.jobTitle} onChange={set('jobTitle')} autoComplete="organization-title" />
        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Changes'}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
