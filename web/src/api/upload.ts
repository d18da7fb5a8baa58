/**
 * Uploading a file with progress: fetch can't report an upload's progress, XMLHttpRequest can.
 * Answers the status and body of any completed response; a network failure or the timeout is
 * a rejection naming which (the card shows the spec's text for each).
 */
export type UploadAnswer = { status: number; statusText: string; body: string };

export class UploadFailure extends Error {
  constructor(readonly reason: 'network' | 'timeout') {
    super(reason);
  }
}

export function uploadFile(url: string, field: string, file: File, options: { timeoutMs: number; onProgress: (fraction: number) => void }): Promise<UploadAnswer> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.timeout = options.timeoutMs;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    request.onload = () => resolve({ status: request.status, statusText: request.statusText, body: request.responseText });
    request.onerror = () => reject(new UploadFailure('network'));
    request.ontimeout = () => reject(new UploadFailure('timeout'));
    const form = new FormData();
    form.append(field, file);
    request.send(form);
  });
}
