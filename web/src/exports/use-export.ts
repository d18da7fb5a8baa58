import { useState } from 'react';
import { downloadExport } from '../api/exports.ts';
import { serverMessage } from '../api/client.ts';
import { toast } from '../components/toaster.tsx';

/** Starts a download; says when it is refused (the server's message) and whether one is under way. */
export function useExport() {
  const [busy, setBusy] = useState(false);
  const start = async (url: string, fallbackName: string) => {
    setBusy(true);
    try {
      await downloadExport(url, fallbackName);
    } catch (error) {
      toast({ title: 'Export failed', description: serverMessage(error) ?? 'The export could not be made. Please try again.', variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, start };
}
