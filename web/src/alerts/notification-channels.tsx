import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import type { AlertChannelAnswer, AlertChannelKind, CreatedAlertChannel } from '../../../api/shared/alert-schemas.ts';
import {
  alertChannelsQuery,
  alertKeys,
  alertSettingsQuery,
  createAlertChannel,
  enableAlertChannel,
  removeAlertChannel,
  saveAlertSettings,
  testAlertChannel,
} from '../api/alerts.ts';
import { serverMessage } from '../api/client.ts';
import { SettingsCard } from '../account/settings-card.tsx';
import { toast } from '../components/toaster.tsx';

const kindLabels: Record<AlertChannelKind, string> = { slack: 'Slack', webhook: 'Webhook' };

/** The channels as their own card, after the Notifications section (until that section holds them). */
export function AlertChannelsSection() {
  return (
    <SettingsCard id={alertChannelsAnchor} title="Alert channels" description="Alerts go to your e-mail, and to these Slack channels and webhooks.">
      <NotificationChannels />
    </SettingsCard>
  );
}

const alertChannelsAnchor = 'alert-channels';

/** When a channel's sends began failing, in the reader's locale. */
function failingSinceText(channel: AlertChannelAnswer): string {
  return channel.failingSince ? new Date(channel.failingSince).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'its last send';
}

/**
 * The account page's notice, above its sections, while a channel's sends fail: alerts that do not
 * arrive are otherwise silent. The channel's own warning, in its card, says how to fix it.
 */
export function FailingChannelsNotice() {
  const channels = useQuery(alertChannelsQuery());
  const failing = channels.data?.filter((channel) => channel.consecutiveFailures > 0) ?? [];
  if (failing.length === 0) return null;
  return (
    <div role="alert" className="rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{failing.length === 1 ? 'An alert channel is failing' : `${failing.length} alert channels are failing`}</p>
      <ul className="mt-1 list-disc pl-5">
        {failing.map((channel) => (
          <li key={channel.id}>
            {channel.name} ({kindLabels[channel.kind]}): {channel.enabled ? 'failing' : 'disabled, failing'} since {failingSinceText(channel)}
          </li>
        ))}
      </ul>
      <p className="mt-1">
        Alerts are not reaching {failing.length === 1 ? 'it' : 'them'}. <a href={`#${alertChannelsAnchor}`} className="font-medium underline">See Alert channels</a> to test or fix{' '}
        {failing.length === 1 ? 'it' : 'them'}.
      </p>
    </div>
  );
}

/**
 * Where alerts go besides e-mail: Slack incoming webhooks and signed webhooks, each with a test
 * message, and a channel's note when repeated failures disabled it; and the time zone digests
 * follow. Placed in the account page's Notifications section.
 */
export function NotificationChannels() {
  return (
    <div className="grid gap-6">
      <ChannelList />
      <AddChannelForm />
      <DigestTimeZone />
    </div>
  );
}

function ChannelList() {
  const queryClient = useQueryClient();
  const channels = useQuery(alertChannelsQuery());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: alertKeys.channels });
  const test = useMutation({
    mutationFn: testAlertChannel,
    onSuccess: (answer) => {
      // A test that gets through ends a failing channel's warning (the server clears it).
      refresh();
      if (answer.ok) toast({ title: 'Success', description: 'Test message sent.' });
      else toast({ title: 'Error', description: `Test message failed: ${answer.error}`, variant: 'destructive' });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to send the test message.', variant: 'destructive' }),
  });
  const remove = useMutation({ mutationFn: removeAlertChannel, onSuccess: refresh });
  const enable = useMutation({ mutationFn: enableAlertChannel, onSuccess: refresh });

  return (
    <div>
      {channels.isError && <p className="mt-3 text-sm text-red-700">Failed to load your channels.</p>}
      {channels.data?.length === 0 && <p className="text-sm text-slate-700">No channels yet.</p>}
      <ul className="grid gap-3">
        {channels.data?.map((channel) => (
          <ChannelItem
            key={channel.id}
            channel={channel}
            onTest={() => test.mutate(channel.id)}
            testing={test.isPending && test.variables === channel.id}
            onRemove={() => remove.mutate(channel.id)}
            onEnable={() => enable.mutate(channel.id)}
          />
        ))}
      </ul>
    </div>
  );
}

function ChannelItem({ channel, onTest, testing, onRemove, onEnable }: { channel: AlertChannelAnswer; onTest: () => void; testing: boolean; onRemove: () => void; onEnable: () => void }) {
  return (
    <li className="rounded-md border border-slate-200 p-3" data-testid="alert-channel">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-slate-950">
          {channel.name} <span className="text-sm font-normal text-slate-700">· {kindLabels[channel.kind]}</span>
        </p>
        <p className="text-xs break-all text-slate-600">{channel.url}</p>
      </div>
      <ChannelWarning channel={channel} />
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn-secondary" onClick={onTest} disabled={testing}>
          {testing ? 'Sending...' : 'Send test message'}
        </button>
        {!channel.enabled && (
          <button type="button" className="btn-secondary" onClick={onEnable}>
            Enable
          </button>
        )}
        <button type="button" className="btn-ghost" onClick={onRemove} aria-label={`Remove ${channel.name}`}>
          Remove
        </button>
      </div>
    </li>
  );
}

/**
 * A channel whose sends fail: since when, how many, the class of the last failure (never the
 * remote's words: api/outbound/poster.ts) and how to fix it. Gone once a send or a test gets through.
 */
function ChannelWarning({ channel }: { channel: AlertChannelAnswer }) {
  if (channel.consecutiveFailures === 0) return null;
  const sends = `${channel.consecutiveFailures} failed ${channel.consecutiveFailures === 1 ? 'send' : 'sends'} in a row`;
  const reason = channel.lastError ? ` Last error: ${channel.lastError}.` : '';
  return (
    <div role="status" className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-950">
      {channel.enabled ? (
        <p>
          <strong>Failing since {failingSinceText(channel)}</strong>: {sends}.{reason} Alerts to it are tried again, and it is disabled if they keep failing. Check the URL, then send
          a test message: one that gets through clears this warning. If the URL changed, remove the channel and add it with the new one.
        </p>
      ) : (
        <p>
          <strong>Disabled after {sends}</strong>, failing since {failingSinceText(channel)}.{reason} Check the URL, then enable it again; if the URL changed, remove the
          channel and add it with the new one.
        </p>
      )}
    </div>
  );
}

function AddChannelForm() {
  const queryClient = useQueryClient();
  const id = useId();
  const [kind, setKind] = useState<AlertChannelKind>('slack');
  const [name, setName] = useState('');
  const [url, setUrl] = useState('');
  const [created, setCreated] = useState<CreatedAlertChannel | null>(null);
  const add = useMutation({
    mutationFn: createAlertChannel,
    onSuccess: (channel) => {
      setCreated(channel);
      setName('');
      setUrl('');
      toast({ title: 'Success', description: `${kindLabels[channel.kind]} channel added.` });
      void queryClient.invalidateQueries({ queryKey: alertKeys.channels });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to add the channel. Please try again.', variant: 'destructive' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ kind, name, url });
  };

  return (
    <form onSubmit={submit} className="grid gap-3 rounded-md bg-slate-50 p-3" aria-label="Add a channel">
      <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
        <div>
          <label htmlFor={`${id}-kind`} className="label">
            Type
          </label>
          <select id={`${id}-kind`} className="input" value={kind} onChange={(event) => setKind(event.target.value as AlertChannelKind)}>
            <option value="slack">Slack</option>
            <option value="webhook">Webhook</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-name`} className="label">
            Channel name
          </label>
          <input id={`${id}-name`} className="input" value={name} onChange={(event) => setName(event.target.value)} required maxLength={100} />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-url`} className="label">
          {kind === 'slack' ? 'Slack incoming webhook URL' : 'Webhook URL'}
        </label>
        <input id={`${id}-url`} className="input" type="url" value={url} onChange={(event) => setUrl(event.target.value)} required placeholder="https://" />
      </div>
      <div>
        <button type="submit" className="btn-primary" disabled={add.isPending}>
          {add.isPending ? 'Adding...' : 'Add channel'}
        </button>
      </div>
      {created?.secret && (
        <p role="status" className="rounded bg-blue-50 p-2 text-sm break-all text-blue-950">
          Signing secret for {created.name}: <code className="font-mono">{created.secret}</code>. Copy it now: it is not shown again. Each webhook carries an
          X-Policy-Tracker-Signature header (t=timestamp,v1=HMAC-SHA256 of "timestamp.body").
        </p>
      )}
    </form>
  );
}

function DigestTimeZone() {
  const queryClient = useQueryClient();
  const id = useId();
  const settings = useQuery(alertSettingsQuery());
  const [choice, setChoice] = useState<string | null>(null);
  const zones = Intl.supportedValuesOf('timeZone');
  const timeZone = choice ?? settings.data?.timeZone ?? 'UTC';
  const save = useMutation({
    mutationFn: saveAlertSettings,
    onSuccess: () => {
      toast({ title: 'Success', description: 'Your digest time zone has been saved.' });
      void queryClient.invalidateQueries({ queryKey: alertKeys.settings });
    },
    onError: (error) => toast({ title: 'Error', description: serverMessage(error) ?? 'Failed to save the time zone. Please try again.', variant: 'destructive' }),
  });
  return (
    <div className="grid gap-2">
      <label htmlFor={`${id}-zone`} className="label">
        Digest time zone
      </label>
      <p className="text-sm text-slate-700">Digests arrive at 08:00 in this time zone (hourly ones on the hour).</p>
      <div className="flex flex-wrap gap-2">
        <select id={`${id}-zone`} className="input max-w-xs" value={timeZone} onChange={(event) => setChoice(event.target.value)}>
          {(zones.includes('UTC') ? zones : ['UTC', ...zones]).map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        <button type="button" className="btn-secondary" onClick={() => save.mutate(timeZone)} disabled={save.isPending}>
          Save time zone
        </button>
      </div>
    </div>
  );
}
