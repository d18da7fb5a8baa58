import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { outboxMessageQuery, outboxQuery } from '../api/alerts.ts';
import { formatAdminDateTime } from '../lib/format.ts';
import { LoadError } from './admin-table-parts.tsx';

/**
 * The Outbox: every alert sent (e-mail, Slack, webhook), newest first, and the chosen message as
 * its reader got it. An e-mail's HTML is shown in a sandboxed frame (no scripts, no same-origin):
 * it is our own template, but it carries policy text.
 */
export function OutboxCard() {
  const [page, setPage] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const outbox = useQuery({ ...outboxQuery(page), placeholderData: keepPreviousData });
  const pages = Math.max(1, Math.ceil((outbox.data?.total ?? 0) / 20));

  return (
    <section className="card grid gap-3 p-5" aria-labelledby="outbox-heading">
      <div>
        <h2 id="outbox-heading" className="text-lg font-semibold text-slate-950">
          Outbox
        </h2>
        <p className="text-sm text-slate-700">Alerts sent to subscribers: e-mails (in development, caught by the local mail sink), Slack messages and webhooks.</p>
      </div>
      {outbox.isError && <LoadError what="the Outbox" error={outbox.error} onRetry={() => void outbox.refetch()} />}
      {outbox.data?.messages.length === 0 && <p className="text-sm text-slate-700">No alerts sent yet.</p>}
      <ul className="divide-y divide-slate-200">
        {outbox.data?.messages.map((message) => (
          <li key={message.id} className="py-2">
            <button
              type="button"
              className="grid w-full gap-0.5 text-left hover:bg-slate-50"
              aria-expanded={openId === message.id}
              onClick={() => setOpenId(openId === message.id ? null : message.id)}
            >
              <span className="font-medium break-words text-slate-950">{message.subject}</span>
              <span className="text-xs break-all text-slate-700">
                To {message.recipient} · {formatAdminDateTime(message.sentAt)}
              </span>
            </button>
            {openId === message.id && <OutboxMessageView id={message.id} />}
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <div className="flex items-center gap-2 text-sm">
          <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button type="button" className="btn-secondary" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Next
          </button>
        </div>
      )}
    </section>
  );
}

function OutboxMessageView({ id }: { id: number }) {
  const message = useQuery(outboxMessageQuery(id));
  if (message.isError) return <LoadError what="the message" error={message.error} onRetry={() => void message.refetch()} />;
  if (!message.data) return <p className="text-sm text-slate-700">Loading...</p>;
  return message.data.html ? (
    <iframe title={`Message: ${message.data.subject}`} sandbox="" srcDoc={message.data.html} className="mt-2 h-[32rem] w-full rounded border border-slate-200 bg-white" />
  ) : (
    <pre className="mt-2 max-h-96 overflow-auto rounded bg-slate-100 p-3 text-xs whitespace-pre-wrap">{message.data.text}</pre>
  );
}
