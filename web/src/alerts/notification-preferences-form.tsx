import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { deliveryTimingLabels } from '../../../vocabulary/deliveries.ts';
import { notificationFrequencies, type NotificationFrequency } from '../../../vocabulary/notifications.ts';
import { call, rpc } from '../api/client.ts';
import { departmentsQuery, industriesQuery } from '../api/reference.ts';
import { notificationPreferencesQuery } from '../api/saved-searches.ts';
import { currentUserQuery } from '../auth/current-user.ts';
import { MultiSelect } from '../components/multi-select.tsx';
import { toast } from '../components/toaster.tsx';
import { TextField } from '../account/settings-card.tsx';

type Preferences = { email: string; phone: string; frequency: NotificationFrequency; departments: number[]; industries: number[] };

/**
 * The spec's notification preferences: e-mail, phone, frequency, departments and industries. The
 * departments and industries are followed like a saved search, at the chosen frequency.
 */
export function NotificationPreferencesForm() {
  const queryClient = useQueryClient();
  const saved = useQuery(notificationPreferencesQuery);
  const { data: departments = [] } = useQuery(departmentsQuery);
  const { data: industries = [] } = useQuery(industriesQuery);
  const [form, setForm] = useState<Preferences | null>(null);
  const frequencyId = useId();

  useEffect(() => {
    if (saved.data && !form) {
      const { email, phone, frequency, departments, industries } = saved.data;
      setForm({ email: email ?? '', phone: phone ?? '', frequency, departments, industries });
    }
  }, [saved.data, form]);

  const save = useMutation({
    mutationFn: (json: Preferences) => call(rpc.user.notifications.$post({ json: { ...json, email: json.email || null, phone: json.phone || null } })),
    onSuccess: (answer) => {
      queryClient.setQueryData(notificationPreferencesQuery.queryKey, answer);
      void queryClient.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      toast({ title: 'Success!', description: 'Your notification preferences have been saved.' });
    },
    onError: () => toast({ title: 'Error', description: 'Failed to save notification preferences. Please try again.', variant: 'destructive' }),
  });

  if (saved.isError) return <p className="text-sm text-red-800">Failed to load notification preferences.</p>;
  if (!form) return <p className="text-sm text-slate-700">Loading notification preferences...</p>;

  const set = <Field extends keyof Preferences>(field: Field, value: Preferences[Field]) => setForm({ ...form, [field]: value });
  const toggle = (list: number[], id: number) => (list.includes(id) ? list.filter((item) => item !== id) : [...list, id]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(form);
  };

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" data-testid="notification-preferences">
      {saved.data?.paused && (
        <p role="status" className="sm:col-span-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900" data-testid="preferences-paused">
          You unsubscribed from these notifications through a link in an e-mail. Saving your preferences turns them back on.
        </p>
      )}
      <TextField label="Email for notifications" type="email" value={form.email} onChange={(email) => set('email', email)} autoComplete="email" placeholder="Your account email if empty" />
      <div>
        <TextField label="Phone (optional)" type="tel" value={form.phone} onChange={(phone) => set('phone', phone)} autoComplete="tel" aria-describedby="sms-note" />
        <p id="sms-note" className="mt-1 text-xs text-slate-700">
          SMS notifications are for enterprise plans: your number is kept, but no text messages are sent.
        </p>
      </div>
      <div>
        <label htmlFor={frequencyId} className="label">
          Frequency
        </label>
        <select id={frequencyId} className="input" value={form.frequency} onChange={(event) => set('frequency', event.target.value as NotificationFrequency)}>
          {notificationFrequencies.map((frequency) => (
            <option key={frequency} value={frequency}>
              {deliveryTimingLabels[frequency]}
            </option>
          ))}
        </select>
      </div>
      <div className="sm:col-span-2 grid gap-4 sm:grid-cols-2">
        <MultiSelect
          title="Departments"
          layout="inline"
          onToggle={(id) => set('departments', toggle(form.departments, Number(id)))}
          options={departments.map((department) => ({
            value: String(department.id),
            label: department.code,
            description: department.fullName,
            selected: form.departments.includes(department.id),
          }))}
        />
        <MultiSelect
          title="Industries"
          layout="inline"
          onToggle={(id) => set('industries', toggle(form.industries, Number(id)))}
          options={industries.map((industry) => ({ value: String(industry.id), label: industry.name, selected: form.industries.includes(industry.id) }))}
        />
      </div>
      <p className="sm:col-span-2 text-xs text-slate-700">
        New policies from the departments or industries you choose are sent to you at the chosen frequency. Choose none to receive no such notifications.
      </p>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save Preferences'}
        </button>
      </div>
    </form>
  );
}
