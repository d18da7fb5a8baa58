import { serverMessage } from '../api/client.ts';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { changePassword } from '../api/account.ts';
import { PasswordRequirementList, PasswordStrengthMeter, passwordRuleError } from '../auth/password-strength.tsx';
import { toast } from '../components/toaster.tsx';
import { SettingsCard, TextField } from './settings-card.tsx';

type PasswordErrors = { currentPassword?: string; newPassword?: string; confirmPassword?: string };

export function PasswordSection() {
  const [passwords, setPasswords] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<PasswordErrors>({});
  const set = (field: keyof typeof passwords) => (value: string) => {
    setPasswords((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const change = useMutation({
    mutationFn: changePassword,
    onSuccess: () => {
      setPasswords({ currentPassword: '', newPassword: '', confirmPassword: '' });
      toast({ title: 'Success', description: 'Your password has been updated.' });
    },
    onError: (error) =>
      toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to change password. Please try again.', variant: 'destructive' }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: PasswordErrors = {};
    if (!passwords.currentPassword) found.currentPassword = 'Current password is required';
    if (!passwords.newPassword) found.newPassword = 'New password is required';
    else found.newPassword = passwordRuleError(passwords.newPassword) ?? undefined;
    if (passwords.confirmPassword !== passwords.newPassword) found.confirmPassword = 'Passwords do not match';
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    change.mutate({ currentPassword: passwords.currentPassword, newPassword: passwords.newPassword });
  }

  return (
    <SettingsCard title="Password Settings" description="Use at least 12 characters with upper- and lowercase letters, a number and a special character.">
      <form onSubmit={submit} noValidate className="grid gap-4">
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={passwords.currentPassword}
          onChange={set('currentPassword')}
          error={errors.currentPassword}
        />
        <div>
          <TextField
            label="New Password"
            type="password"
            autoComplete="new-password"
            value={passwords.newPassword}
            onChange={set('newPassword')}
            error={errors.newPassword}
          />
          <PasswordStrengthMeter password={passwords.newPassword} reading="change" />
          <PasswordRequirementList password={passwords.newPassword} />
        </div>
        <TextField
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={passwords.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <div>
          <button type="submit" className="btn-primary" disabled={change.isPending}>
            {change.isPending ? 'Updating...' : 'Update Password'}
          </button>
        </div>
      </form>
    </SettingsCard>
  );
}
