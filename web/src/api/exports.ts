import type { ExportLayout, ExportPaper, ListExportFormat, PolicyExportFormat } from '../../../api/shared/export-schemas.ts';
import { criteriaParams } from '../../../api/shared/criteria-params.ts';
import { ApiError } from './client.ts';
import type { SearchAsked } from './search.ts';

/** The export calls' addresses (api/routes/exports/): the browser fetches them and saves the file. */

export function policyExportUrl(id: number, options: { format: PolicyExportFormat; paper: ExportPaper; layout: ExportLayout }): string {
  return `/api/policies/${id}/export?${new URLSearchParams(options)}`;
}

/** The search's criteria (every result, not a page of them) and the format. */
export function searchExportUrl({ page: _page, pageSize: _pageSize, ...criteria }: SearchAsked, format: ListExportFormat): string {
  return `/api/search/export?${new URLSearchParams({ ...criteriaParams(criteria), format })}`;
}

export function collectionExportUrl(id: number, format: ListExportFormat): string {
  return `/api/collections/${id}/export?format=${format}`;
}

/** The UTF-8 file name of a Content-Disposition (RFC 5987 `filename*`), else its plain `filename`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const extended = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (extended) return decodeURIComponent(extended);
  return disposition?.match(/filename="?([^";]+)"?/i)?.[1] ?? fallback;
}

/**
 * Fetches an export and has the browser save it as a download under the server's file name. A
 * refusal (403 without a subscription, 422 past 10,000 rows, 429 past the hourly limit) throws an
 * ApiError with the server's message, for a toast.
 */
export async function downloadExport(url: string, fallbackName: string): Promise<void> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) {
    const body = await response.text();
    throw new ApiError(response.status, body, `${response.status}: ${body || response.statusText}`);
  }
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
}
