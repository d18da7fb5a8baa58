import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { pendingStories } from '../../db/schema/index.ts';
import type { StoryStatus } from '../../vocabulary/story-status.ts';
import { takeInStory, type Story, type StoryOrigin } from './intake.ts';

/** Where tests' stories come from: an import of a test file. */
export const testOrigin: StoryOrigin = { producer: 'import', source: 'a test', fetchedAt: new Date('2026-01-01T00:00:00Z') };

type StoryFixture = { title: string; url?: string | null; chineseText?: string; status?: StoryStatus; error?: string | null };

/**
 * A story as producers store it, through the intake, then (for a test that starts from there)
 * put straight into `status`: a fixture, not a transition, so no job is enqueued and no rule of
 * api/stories/status.ts applies.
 */
export async function createStory(db: Database, { title, url = null, chineseText = '', status, error }: StoryFixture): Promise<Story> {
  const story = await takeInStory(db, { title, url, chineseText }, testOrigin);
  if (!story) throw new Error(`A test story is known already: ${url ?? title}`);
  return status || error !== undefined ? putStoryInStatus(db, story.id, status ?? story.status, error) : story;
}

/** A test's shortcut to a status, as if the transitions that lead there had run. */
export async function putStoryInStatus(db: Database, storyId: number, status: StoryStatus, error?: string | null): Promise<Story> {
  const [story] = await db.update(pendingStories).set({ status, error }).where(eq(pendingStories.id, storyId)).returning();
  return story!;
}
