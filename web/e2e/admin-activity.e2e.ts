import { eq, inArray, like } from 'drizzle-orm';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createDatabase } from '../../db/client.ts';
import { pendingStories, policies, users } from '../../db/schema/index.ts';
import { createPolicy, createUser } from '../../db/testing.ts';
import { createStory, putStoryInStatus } from '../../api/stories/testing.ts';
import { checkPage, expectToast, signedInPage, signIn, uniqueEmail } from './account-helpers.ts';
import { launchBrowser, newContext } from './browser.ts';

/**
 * Issue 30, the back office an admin can trust: the Activity view, selection that is what the
 * admin sees, controls that say why they can't be used, tag colours, and tables that fit a phone.
 * Each journey works on rows it creates (a marker in titles, addresses and emails).
 */

let browser: Browser;
const database = createDatabase(inject('databaseUrl'), { max: 2 });
const marker = `Numbat${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await database.db.delete(pendingStories).where(like(pendingStories.title, `%${marker}%`));
  await browser.close();
  await database.close();
});

const adminPage = (viewport: 'desktop' | 'mobile'): Promise<Page> => signedInPage(browser, viewport, 'admin@example.com');

/** The element lies wholly inside the window, so a phone user sees it without scrolling sideways. */
async function expectOnScreen(page: Page, element: Locator): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  const box = await element.boundingBox();
  const width = page.viewportSize()!.width;
  expect(box, 'the element is laid out').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(width);
}

describe('the Activity view', () => {
  it('types and shows dates in the reader\'s order, the same on the dashboard and in the back office (en-US and en-GB)', async () => {
    for (const [locale, placeholder, typed] of [
      ['en-US', 'mm/dd/yyyy', '12/31/2019'],
      ['en-GB', 'dd/mm/yyyy', '31/12/2019'],
    ] as const) {
      const page = await (await newContext(browser, 'desktop', { locale })).newPage();
      await signIn(page, 'admin@example.com');
      await page.goto('/dashboard');
      expect(await page.getByLabel('Start date', { exact: true }).getAttribute('placeholder'), locale).toBe(placeholder);
      await page.goto('/admin?tab=activity');
      const to = page.getByLabel('To', { exact: true });
      expect(await to.getAttribute('placeholder'), locale).toBe(placeholder);
      await to.fill(typed);
      // Read in the reader's order: the last day of 2019 either way.
      const asked = page.waitForRequest((request) => request.url().includes('/api/admin/activity') && new URL(request.url()).searchParams.get('to') === '2019-12-31');
      await to.press('Enter');
      await asked;
      expect(await to.inputValue()).toBe(typed);
      await page.goto('/admin?tab=policies');
      expect(await page.getByLabel('Published from', { exact: true }).getAttribute('placeholder'), locale).toBe(placeholder);
      await page.context().close();
    }
  });

  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows who changed which policy, filtered by action and actor, with a link to the policy (${viewport})`, async () => {
      const policy = await createPolicy(database.db, { title: `${marker} ${viewport} activity policy`, englishTranslation: 'English text.' });
      const page = await adminPage(viewport);
      // An action through the screens: the policy's title changed in the editor.
      await page.goto('/admin?tab=policies');
      await page.getByLabel('Search policies').fill(String(policy.id));
      await page.getByRole('button', { name: `Edit policy ${policy.id}` }).click();
      const editor = page.getByRole('dialog');
      const saveButton = editor.getByRole('button', { name: 'Save Changes' });
      await saveButton.waitFor();
      await editor.getByLabel('Title', { exact: true }).fill(`${marker} ${viewport} activity policy, renamed`);
      const saveBox = await saveButton.boundingBox();
      await saveButton.click();
      await expectToast(page, 'Policy updated');
      // Toasts sit at the top: not over the dialog's footer, where Save Changes was.
      const toastBox = await page.getByTestId('toast').first().boundingBox();
      expect(toastBox!.y + toastBox!.height <= saveBox!.y || toastBox!.y >= saveBox!.y + saveBox!.height).toBe(true);

      await page.getByRole('tab', { name: 'Activity' }).click();
      await page.waitForURL((url) => url.search === '?tab=activity');
      // The open tab is scrolled into view at 390 px.
      await expectOnScreen(page, page.getByRole('tab', { name: 'Activity' }));
      await page.getByLabel('Action').selectOption('policy_updated');
      await page.getByLabel('Actor').fill('Demo Admin');
      const row = page.getByTestId('activity-row').filter({ hasText: `Policy #${policy.id}:` }).first();
      await row.waitFor();
      expect(await row.textContent()).toContain('Demo Admin');
      expect(await row.textContent()).toContain('Policy updated');
      await checkPage(page, `admin-activity-${viewport}`);
      // A day range without the event hides it.
      // Typed in the reader's order, as on the dashboard (the journeys' browser reads en-GB).
      await page.getByLabel('To', { exact: true }).fill('01/01/2020');
      await page.getByLabel('To', { exact: true }).press('Enter');
      await page.getByText('No activity found.').waitFor();
      await page.getByLabel('To', { exact: true }).fill('');
      await page.getByLabel('To', { exact: true }).press('Enter');
      await row.getByRole('link').click();
      await page.waitForURL((url) => url.pathname === `/policy/${policy.id}`);
      await page.getByRole('heading', { name: `${marker} ${viewport} activity policy, renamed` }).waitFor();
      await page.context().close();
    });
  }
});

describe('the story queue', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`starts another page with nothing ticked, filters by state, jumps to a page, and fits a phone (${viewport})`, async () => {
      // Two pages of 200: the queue's first 201 stories are this journey's.
      await database.db.delete(pendingStories);
      const ids: number[] = [];
      for (let index = 0; index < 201; index += 1) {
        const story = await createStory(database.db, {
          title: `${marker} ${index} 国务院办公厅关于进一步优化营商环境降低市场主体制度性交易成本的意见`,
          url: `https://www.gov.cn/${marker}/${viewport}/${index}.htm`,
          status: index === 3 ? 'failed' : undefined,
          error: index === 3 ? 'The analyser stopped' : undefined,
        });
        ids.push(story.id);
      }
      const page = await adminPage(viewport);
      await page.goto('/admin?tab=stories');
      await page.getByText('Showing 1 - 200 of 201 stories, Page 1 of 2').waitFor();

      // At 390 px the Status and Actions cells are on screen, and a title has room.
      const firstRow = page.locator('tbody tr').first();
      await expectOnScreen(page, firstRow.getByText('pending'));
      await expectOnScreen(page, firstRow.getByRole('button', { name: `Delete story ${ids[0]}`, exact: true }));
      const titleBox = await firstRow.locator('td').nth(2).boundingBox();
      expect(titleBox!.width).toBeGreaterThan(130);
      await checkPage(page, `admin-stories-queue-${viewport}`);

      await page.getByRole('checkbox', { name: `Select story ${ids[0]}`, exact: true }).click();
      await page.getByRole('checkbox', { name: `Select story ${ids[1]}`, exact: true }).click();
      expect(await page.getByRole('button', { name: 'Delete Selected (2)' }).isEnabled()).toBe(true);
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByText('Showing 201 - 201 of 201 stories, Page 2 of 2').waitFor();
      expect(await page.getByRole('button', { name: 'Delete Selected (0)' }).isDisabled()).toBe(true);
      // Back on page 1, nothing is ticked either: the selection was the page's.
      await page.getByLabel('Go to page').fill('1');
      await page.getByRole('button', { name: 'Go', exact: true }).click();
      await page.getByText('Showing 1 - 200 of 201 stories, Page 1 of 2').waitFor();
      expect(await page.getByRole('checkbox', { name: `Select story ${ids[0]}`, exact: true }).isChecked()).toBe(false);
      expect(await page.getByRole('button', { name: 'Delete Selected (0)' }).isDisabled()).toBe(true);

      // A filter is another view: the ticks don't follow.
      await page.getByRole('checkbox', { name: `Select story ${ids[3]}`, exact: true }).click();
      await page.getByLabel('Show stories').selectOption('failed');
      await page.getByText('Showing 1 - 1 of 1 stories, Page 1 of 1').waitFor();
      expect(await page.getByRole('checkbox', { name: `Select story ${ids[3]}`, exact: true }).isChecked()).toBe(false);
      expect(await page.getByRole('button', { name: 'Process Selected (0)' }).isDisabled()).toBe(true);

      // A stale list: the ticked story was processed meanwhile. Nothing starts, and the toast says
      // so as information (not success), and the list is refreshed.
      await page.getByRole('checkbox', { name: `Select story ${ids[3]}`, exact: true }).click();
      await putStoryInStatus(database.db, ids[3]!, 'processed');
      await page.getByRole('button', { name: 'Process Selected (1)' }).click();
      await expectToast(page, 'No stories to process');
      expect(await page.getByTestId('toast').first().getAttribute('data-variant')).toBe('info');
      await page.getByText('No failed stories found.').waitFor();
      await page.context().close();
      await database.db.delete(pendingStories).where(inArray(pendingStories.id, ids));
    });
  }
});

describe('User Management', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`disables what an admin can't do to a super admin, saying why, and fits a phone (${viewport})`, async () => {
      const email = uniqueEmail(`${marker.toLowerCase()}-super-${viewport}`);
      await createUser(database.db, { passwordHash: 'never-used', email, name: `Super ${viewport}`, role: 'super_admin' });
      const page = await adminPage(viewport);
      await page.goto('/admin?tab=users');
      await page.getByLabel('Search users').fill(email);
      await page.getByText('Showing 1 - 1 of 1').waitFor();
      const role = page.getByRole('combobox', { name: `Role of ${email}` });
      const remove = page.getByRole('button', { name: `Delete user ${email}` });
      expect(await role.isDisabled()).toBe(true);
      expect(await role.getAttribute('title')).toBe("Only a super admin can change a super admin's role");
      expect(await remove.isDisabled()).toBe(true);
      expect(await remove.getAttribute('title')).toBe('Only a super admin can delete a super admin');
      // The admin's own row says why too.
      await page.getByLabel('Search users').fill('admin@example.com');
      await page.getByText('Showing 1 - 1 of 1').waitFor();
      expect(await page.getByRole('button', { name: 'Delete user admin@example.com' }).getAttribute('title')).toBe('You cannot delete your own account here');

      // At 390 px the joining date and the actions are on screen.
      const row = page.locator('tbody tr').first();
      const joined = viewport === 'mobile' ? row.getByTestId('user-joined') : row.locator('td').nth(3);
      await expectOnScreen(page, joined);
      await expectOnScreen(page, page.getByRole('button', { name: 'Edit user admin@example.com' }));
      await checkPage(page, `admin-users-rules-${viewport}`);

      // A delete that fails (another admin deleted the account meanwhile) closes its dialog and says why.
      const gone = await createUser(database.db, { passwordHash: 'never-used', email: uniqueEmail(`${marker.toLowerCase()}-gone-${viewport}`), name: `Gone ${viewport}` });
      await page.getByLabel('Search users').fill(gone.email);
      await page.getByText('Showing 1 - 1 of 1').waitFor();
      await page.getByRole('button', { name: `Delete user ${gone.email}` }).click();
      await database.db.delete(users).where(eq(users.id, gone.id));
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete User' }).click();
      await expectToast(page, 'Failed to delete user', 'User not found');
      await page.getByRole('alertdialog').waitFor({ state: 'detached' });
      await page.context().close();
      await database.db.delete(users).where(eq(users.email, email));
    });
  }
});

describe('tag colours', () => {
  for (const viewport of ['desktop', 'mobile'] as const) {
    it(`shows industry tags green and topic tags blue on the policy page (${viewport})`, async () => {
      const policy = await createPolicy(database.db, { title: `${marker} ${viewport} tagged`, industryIds: [4], topicIds: [3] });
      const page = await adminPage(viewport);
      await page.goto(`/policy/${policy.id}`);
      const industry = page.getByRole('list', { name: 'Industries' }).getByRole('listitem').first();
      const topic = page.getByRole('list', { name: 'Topics' }).getByRole('listitem').first();
      await industry.waitFor();
      // Healthcare was red: now green like every industry tag.
      expect(await industry.getAttribute('data-color')).toBe('green');
      expect(await topic.getAttribute('data-color')).toBe('blue');
      // The colours as painted (a canvas turns any CSS colour into red, green and blue).
      const painted = (element: Element, property: string) => {
        const context = document.createElement('canvas').getContext('2d')!;
        context.fillStyle = getComputedStyle(element).getPropertyValue(property);
        context.fillRect(0, 0, 1, 1);
        return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const [industryBackground, topicBorder] = await Promise.all([
        industry.evaluate(painted, 'background-color'),
        topic.evaluate(painted, 'border-top-color'),
      ]);
      // Green dominates the industry badge, blue the topic's outline.
      expect(industryBackground[1]).toBeGreaterThan(Math.max(industryBackground[0]!, industryBackground[2]!));
      expect(topicBorder[2]).toBeGreaterThan(Math.max(topicBorder[0]!, topicBorder[1]!));
      await page.context().close();
      await database.db.delete(policies).where(eq(policies.id, policy.id));
    });
  }
});
