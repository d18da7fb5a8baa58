import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { fileTooLargeMessage, importFileRules, invalidFileTypeMessage, noStoriesMessage } from '../../../api/shared/admin-schemas.ts';
import { countOf } from '../../../api/shared/plural.ts';
import { adminKeys, importJobQuery, type ImportAnswer } from '../api/admin.ts';
import { uploadFile, UploadFailure, type UploadAnswer } from '../api/upload.ts';
import { call, rpc } from '../api/client.ts';
import { toast, toastFailure } from '../components/toaster.tsx';
import { ImportHistory } from './import-history.tsx';

type Stage =
  | { name: 'choosing' }
  | { name: 'analysing' }
  | { name: 'analysed'; message: string; empty: boolean; columns: string | null; notes: string[] }
  | { name: 'uploading'; percent: number }
  | { name: 'importing'; jobId: number }
  | { name: 'done'; answer: ImportAnswer }
  | { name: 'failed'; message: string };

/** What a client-side check says of the chosen file, before anything is sent. */
function checkFile(file: File): string | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(importFileRules.extensions as readonly string[]).includes(extension)) return invalidFileTypeMessage;
  if (file.size > importFileRules.maxMegabytes * 1024 * 1024) return fileTooLargeMessage(importFileRules.maxMegabytes);
  return null;
}

/** The server's message in `{ error: { message } }`, or null. */
function errorMessage(body: string): string | null {
  try {
    return (JSON.parse(body) as { error?: { message?: string } }).error?.message ?? null;
  } catch {
    return null;
  }
}

/** Which of the file's columns the import reads and which it leaves out, in one line. */
function columnsLine(used: string[], ignored: string[]): string {
  return `Uses columns: ${used.join(', ') || 'none'}${ignored.length ? ` · Ignores: ${ignored.join(', ')}` : ''}`;
}

function parseAnswer(answer: UploadAnswer): ImportAnswer | null {
  try {
    const parsed = JSON.parse(answer.body) as ImportAnswer;
    return typeof parsed.total === 'number' && typeof parsed.jobId === 'number' ? parsed : null;
  } catch {
    return null;
  }
}

function ImportProgress({ jobId, onEnd }: { jobId: number; onEnd: (answer: ImportAnswer) => void }) {
  const job = useQuery(importJobQuery(jobId));
  const data = job.data;
  const ended = data && data.status !== 'running' ? data : null;
  useEffect(() => {
    if (ended) onEnd(ended);
  }, [ended, onEnd]);
  const percent = data && data.total > 0 ? Math.round((data.rowsDone / data.total) * 100) : 0;
  return <Progress label="Importing" percent={percent} detail={data?.message ?? 'Importing...'} />;
}

function Progress({ label, percent, detail }: { label: string; percent: number; detail: string }) {
  return (
    <div className="grid gap-2">
      <div role="progressbar" aria-label={`${label} progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 overflow-hidden rounded-full bg-slate-200">
        <div className="h-full bg-blue-700 transition-all" style={{ width: `${percent}%` }} />
      </div>
      <p className="text-sm text-slate-700" data-testid="upload-progress">
        {label} {percent}% · {detail}
      </p>
    </div>
  );
}

/**
 * The Database File Upload card (spec section 7): choose a file, optionally analyse it, upload it
 * with a progress percentage (the upload, then the import), and end in success (the counts, an
 * offer to process the imported stories) or failure, with Upload Another File either way.
 */
export function DatabaseUploadCard() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [stage, setStage] = useState<Stage>({ name: 'choosing' });
  // The stories this import brought in, by its job: never every pending story.
  const process = useMutation({
    mutationFn: (importJobId: number) => call(rpc.admin['process-stories'].$post({ json: { importJobId } })),
    onSuccess: (answer) => {
      toast({ title: 'Processing stories', description: answer.message });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => toastFailure('Failed to process stories', error),
  });

  const reset = () => {
    setFile(null);
    setProblem(null);
    setStage({ name: 'choosing' });
    if (input.current) input.current.value = '';
  };
  const finish = useCallback(
    (answer: ImportAnswer) => {
      if (answer.status === 'failed' || !answer.success) {
        toast({ title: 'Import Failed', description: answer.message, variant: 'destructive' });
        setStage({ name: 'failed', message: answer.message });
        return;
      }
      toast({ title: 'Import Complete', description: `${answer.imported} imported, ${countOf(answer.duplicates, 'duplicate')} skipped` });
      setStage({ name: 'done', answer });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    [queryClient],
  );
  const failUpload = (message: string) => {
    toast({ title: 'Import Failed', description: message, variant: 'destructive' });
    setStage({ name: 'failed', message });
  };

  const analyse = async () => {
    if (!file) return;
    setStage({ name: 'analysing' });
    try {
      const answer = await uploadFile('/api/admin/analyze-db-file', 'dbFile', file, { timeoutMs: importFileRules.timeoutMs, onProgress: () => {} });
      if (answer.status < 200 || answer.status >= 300) {
        setStage({ name: 'failed', message: `Analysis failed: ${errorMessage(answer.body) ?? answer.statusText}` });
        return;
      }
      const parsed = JSON.parse(answer.body) as { success: boolean; message: string; total: number; usedColumns?: string[]; ignoredColumns?: string[]; notes?: string[] };
      setStage(
        parsed.total === 0
          ? { name: 'analysed', message: noStoriesMessage, empty: true, columns: null, notes: [] }
          : { name: 'analysed', message: parsed.message, empty: false, columns: columnsLine(parsed.usedColumns ?? [], parsed.ignoredColumns ?? []), notes: parsed.notes ?? [] },
      );
    } catch {
      setStage({ name: 'failed', message: 'File analysis failed' });
    }
  };

  const upload = async () => {
    if (!file) return;
    setStage({ name: 'uploading', percent: 0 });
    let answer: UploadAnswer;
    try {
      answer = await uploadFile('/api/admin/import-db-file', 'dbFile', file, {
        timeoutMs: importFileRules.timeoutMs,
        onProgress: (fraction) => setStage({ name: 'uploading', percent: Math.round(fraction * 100) }),
      });
    } catch (error) {
      if (error instanceof UploadFailure) failUpload(error.reason === 'timeout' ? 'Upload timed out. The file may be too large to process.' : 'Network error occurred');
      else failUpload('Upload failed');
      return;
    }
    const parsed = parseAnswer(answer);
    if (answer.status === 202 && parsed) {
      setStage({ name: 'importing', jobId: parsed.jobId });
      return;
    }
    if (answer.status >= 200 && answer.status < 300) {
      if (!parsed) failUpload('Invalid response format');
      else finish(parsed);
      return;
    }
    // A failed import still answers with its job; any other refusal with the server's message.
    if (parsed) finish(parsed);
    else failUpload(errorMessage(answer.body) ?? `Upload failed: ${answer.statusText || answer.status}`);
  };

  const busy = stage.name === 'analysing' || stage.name === 'uploading' || stage.name === 'importing';
  return (
    <section className="card grid gap-3 p-5" aria-labelledby="db-upload-heading">
      <div>
        <h2 id="db-upload-heading" className="text-lg font-semibold text-slate-950">
          Database File Upload
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          A SQLite database (.db, .sqlite, .sqlite3) or a .sql dump of stories or policies, up to {importFileRules.maxMegabytes} MB. Stories already here are skipped.
        </p>
      </div>
      {stage.name === 'done' || stage.name === 'failed' ? (
        <div className="grid gap-3">
          {stage.name === 'done' ? (
            <div className="rounded-md bg-green-50 p-3 text-sm text-green-900" data-testid="upload-result">
              <p className="font-medium">{stage.answer.message}</p>
              {stage.answer.errors.length > 0 && (
                <ul className="mt-2 list-disc pl-5 text-red-900">
                  {stage.answer.errors.slice(0, 10).map((error) => (
                    <li key={error}>{error}</li>
                  ))}
                </ul>
              )}
            </div>
          ) : (
            <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900" data-testid="upload-result">
              {stage.message}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {stage.name === 'done' && stage.answer.kind === 'stories' && stage.answer.imported > 0 && (
              <button type="button" className="btn-primary" disabled={process.isPending} onClick={() => process.mutate(stage.answer.jobId)}>
                Process Imported Stories
              </button>
            )}
            <button type="button" className="btn-secondary" onClick={reset}>
              Upload Another File
            </button>
          </div>
        </div>
      ) : (
        <div className="grid gap-3">
          <div>
            <label htmlFor="db-file" className="label">
              Database file
            </label>
            <input
              ref={input}
              id="db-file"
              type="file"
              accept=".db,.sqlite,.sqlite3,.sql"
              className="input"
              disabled={busy}
              aria-invalid={problem !== null}
              aria-describedby={problem ? 'db-file-error' : undefined}
              onChange={(event) => {
                const chosen = event.target.files?.[0] ?? null;
                setStage({ name: 'choosing' });
                setProblem(chosen ? checkFile(chosen) : null);
                setFile(chosen && !checkFile(chosen) ? chosen : null);
              }}
            />
            {problem && (
              <p id="db-file-error" role="alert" className="mt-1 text-sm text-red-900">
                {problem}
              </p>
            )}
          </div>
          {stage.name === 'analysed' && (
            <div className="grid gap-1 text-sm" data-testid="analysis-result">
              <p className={stage.empty ? 'text-slate-800' : 'text-green-900'}>{stage.message}</p>
              {stage.columns && (
                <p className="text-slate-700" data-testid="analysis-columns">
                  {stage.columns}
                </p>
              )}
              {stage.notes.length > 0 && (
                <ul className="list-disc pl-5 text-slate-700">
                  {stage.notes.slice(0, 5).map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
          {stage.name === 'uploading' && <Progress label="Uploading" percent={stage.percent} detail={stage.percent < 100 ? 'Sending the file...' : 'Reading the file...'} />}
          {stage.name === 'importing' && <ImportProgress jobId={stage.jobId} onEnd={finish} />}
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-secondary" disabled={!file || busy} onClick={() => void analyse()}>
              {stage.name === 'analysing' ? 'Analysing...' : 'Analyze'}
            </button>
            <button type="button" className="btn-primary" disabled={!file || busy} onClick={() => void upload()}>
              Upload
            </button>
          </div>
        </div>
      )}
      <ImportHistory />
    </section>
  );
}
