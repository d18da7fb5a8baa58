/**
 * What the product's outbound fetcher answers (issue 31): the sources read government pages through
 * it, and alerts' webhooks reuse its address guard. A fetch never throws for what a site does (a
 * status, a refusal, a timeout): it answers `failed` with a reason a person can read, so a run can
 * record it and go on.
 */
export interface PageRequest {
  url: string;
  /** From the previous fetch of this URL: sent as If-None-Match / If-Modified-Since. */
  etag?: string | null;
  lastModified?: string | null;
}

/** Why a fetch was not even tried, or was stopped by the fetcher itself. */
export type Refusal = 'robots' | 'private-address' | 'scheme' | 'too-large';

export type PageResult =
  | {
      kind: 'ok';
      /** The URL the body came from, after redirects. */
      url: string;
      status: number;
      contentType: string;
      /** The body decoded to text (charset from the header, the page's meta, or sniffed). */
      text: string;
      etag: string | null;
      lastModified: string | null;
      bytes: number;
    }
  | { kind: 'not-modified'; url: string }
  | { kind: 'failed'; url: string; status: number | null; reason: string; refused?: Refusal };

export interface PageFetcher {
  fetch(request: PageRequest): Promise<PageResult>;
  /** Why this fetcher refuses the URL's host (not a public address; a name as it resolves now), or null: a list page is checked when saved. */
  refusedHost(url: string): Promise<string | null>;
  close(): Promise<void>;
}
