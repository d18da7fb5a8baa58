import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { serverMessage } from '../../api/client.ts';
import { previewSourcePage, type SourcePreviewAnswer, type SourceSummary } from '../../api/sources.ts';
import { formatPolicyDate } from '../../lib/format.ts';

function PreviewResult({ answer }: { answer: SourcePreviewAnswer }) {
  if ('links' in answer) {
    if (answer.links.length === 0) return <p className="text-sm text-slate-800">No links found on this page.</p>;
    return (
      <ol className="grid gap-1 text-sm" aria-label="Links read">
        {answer.links.map((link) => (
          <li key={link.url} className="min-w-0 border-b border-slate-100 pb-1" data-testid="preview-link">
            <span className="font-medium text-slate-950">{link.title}</span>
            <span className="ml-2 text-slate-700">{link.date ? formatPolicyDate(link.date) : 'no date'}</span>
            <span className="block break-all font-mono text-xs text-slate-700">{link.url}</span>
          </li>
        ))}
      </ol>
    );
  }
  const { article } = answer;
  const facts: [string, string][] = [
    ['Title', article.title],
    ['Date', article.date ? formatPolicyDate(article.date) : 'Not found'],
    ['Document number', article.documentNumber ?? 'Not found'],
    ['Issued by', article.issuer ?? 'Not found'],
    ['Read by', article.extractor],
    ['Length', `${article.text.length.toLocaleString('en-US')} characters`],
  ];
  return (
    <div className="grid gap-3" data-testid="preview-article">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-700">{label}</dt>
            <dd className="min-w-0 break-words text-slate-950">{value}</dd>
          </div>
        ))}
      </dl>
      {/* Focusable, so a keyboard can scroll a long text. */}
      <pre tabIndex={0} aria-label="Text read" className="max-h-80 overflow-auto rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-900" lang="zh">
        {article.text}
      </pre>
      {article.attachments.length > 0 && (
        <ul className="grid gap-1 text-sm" aria-label="Attachments">
          {article.attachments.map((attachment) => (
            <li key={attachment.url} className="break-all">
              {attachment.title} <span className="font-mono text-xs text-slate-700">{attachment.url}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Paste an address, see what a run would read from it: through the same fetcher and extractors, nothing stored. */
export function SourcePreview({ sources }: { sources: SourceSummary[] }) {
  const ids = { url: useId(), as: useId(), source: useId() };
  const [url, setUrl] = useState('');
  const [as, setAs] = useState<'list' | 'article'>('article');
  const [source, setSource] = useState('');
  const preview = useMutation({ mutationFn: previewSourcePage });
  return (
    <section className="card grid gap-3 p-5" aria-labelledby="source-preview-heading">
      <div>
        <h2 id="source-preview-heading" className="text-lg font-semibold text-slate-950">
          Preview
        </h2>
        <p className="mt-1 text-sm text-slate-700">Paste the address of a list page or an article to see what would be extracted. Nothing is saved.</p>
      </div>
      <form
        className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          preview.mutate({ url: url.trim(), as, ...(source ? { source } : {}) });
        }}
      >
        <div className="min-w-0">
          <label htmlFor={ids.url} className="label">
            Page address
          </label>
          <input id={ids.url} type="url" required className="input" placeholder="https://www.gov.cn/zhengce/content/..." value={url} onChange={(event) => setUrl(event.target.value)} />
        </div>
        <div>
          <label htmlFor={ids.as} className="label">
            Read as
          </label>
          <select id={ids.as} className="input" value={as} onChange={(event) => setAs(event.target.value as 'list' | 'article')}>
            <option value="article">Article</option>
            <option value="list">List page</option>
          </select>
        </div>
        <div>
          <label htmlFor={ids.source} className="label">
            With the reader of
          </label>
          <select id={ids.source} className="input" value={source} onChange={(event) => setSource(event.target.value)}>
            <option value="">Its own site, or generic</option>
            {sources.map((entry) => (
              <option key={entry.code} value={entry.code}>
                {entry.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary" disabled={preview.isPending || !url.trim()}>
          {preview.isPending ? 'Reading...' : 'Preview'}
        </button>
      </form>
      {preview.error && (
        <p role="alert" className="text-sm text-red-900">
          {serverMessage(preview.error) ?? preview.error.message}
        </p>
      )}
      {preview.data && !preview.isPending && <PreviewResult answer={preview.data} />}
    </section>
  );
}
