import { z } from 'zod';

export const adminTabs = ['dashboard', 'policies', 'users', 'stories', 'tools'] as const;
export type AdminTab = (typeof adminTabs)[number];

/** The open tab lives in the address, so a reload or a shared link keeps it. */
export const adminSearchSchema = z.object({
  tab: z.enum(adminTabs).optional().catch(undefined),
});
