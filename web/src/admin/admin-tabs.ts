import { useEffect, useRef } from 'react';
import { z } from 'zod';

export const adminTabs = ['dashboard', 'policies', 'users', 'stories', 'sources', 'links', 'tools', 'activity'] as const;
export type AdminTab = (typeof adminTabs)[number];

/** The open tab lives in the address, so a reload or a shared link keeps it. */
export const adminSearchSchema = z.object({
  tab: z.enum(adminTabs).optional().catch(undefined),
});

/**
 * The tab list's ref: on a narrow screen the list scrolls sideways, and the open tab (chosen, or
 * opened from a link) is scrolled into view rather than left off-screen.
 */
export function useOpenTabInView(tab: AdminTab) {
  const list = useRef<HTMLDivElement>(null);
  useEffect(() => {
    list.current?.querySelector('[data-state="active"]')?.scrollIntoView({ inline: 'nearest', block: 'nearest' });
  }, [tab]);
  return list;
}
