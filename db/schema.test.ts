import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from './testing.ts';

/** Each constraint of the data model, shown rejecting what it should. */
describe('data model constraints', () => {
  let ctx: TestDatabase;
  beforeAll(async () => {
    ctx = await createTestDatabase();
  });
  afterAll(() => ctx.close());

  const rejects = (query: PromiseLike<unknown>, code: string) =>
    expect(Promise.resolve(query)).rejects.toMatchObject({ code });
  const uniqueViolation = '23505';
  const checkViolation = '23514';
  const foreignKeyViolation = '23503';
  const restrictViolation = '23001';
  const tooLong = '22001';

  async function insertUser(email: string, username = email) {
    const [user] = await ctx.sql<{ id: number }[]>`
      insert into users (email, username, password_hash) values (${email}, ${username}, 'x') returning id`;
    return user!.id;
  }
  async function insertPolicy(fields: { impact?: number; departmentId?: number; sourceUrl?: string } = {}) {
    const [policy] = await ctx.sql<{ id: number; impact: number }[]>`
      insert into policies (department_id, title, published_on, source_url, impact)
      values (${fields.departmentId ?? 1}, 'A policy', '2026-01-02', ${fields.sourceUrl ?? null}, ${fields.impact ?? 5})
      returning id, impact`;
    return policy!;
  }
  async function insertCollection(userId: number, name: string) {
    const [collection] = await ctx.sql<{ id: number }[]>`
      insert into collections (user_id, name) values (${userId}, ${name}) returning id`;
    return collection!.id;
  }

  it('department codes are unique regardless of case', () =>
    rejects(ctx.sql`insert into departments (id, code, full_name, name_zh) values (99, 'csrc', 'Copy', '复制')`, uniqueViolation));

  it('department codes are at most 10 characters', () =>
    rejects(ctx.sql`insert into departments (id, code, full_name, name_zh) values (99, 'ELEVENCHARS', 'X', 'X')`, tooLong));

  it('industry names are unique regardless of case', () =>
    rejects(ctx.sql`insert into industries (id, name, color) values (99, 'ENERGY', 'blue')`, uniqueViolation));

  it('industry names are at most 50 characters', () =>
    rejects(ctx.sql`insert into industries (id, name, color) values (99, ${'x'.repeat(51)}, 'blue')`, tooLong));

  it('topic category names are unique regardless of case', () =>
    rejects(ctx.sql`insert into topic_categories (id, name) values (99, 'fiscal & tax')`, uniqueViolation));

  it('topic codes are unique regardless of case', () =>
    rejects(ctx.sql`insert into topics (category_id, code, name_en) values (1, 'monpol', 'Again')`, uniqueViolation));

  it('topic codes are at most 10 characters', () =>
    rejects(ctx.sql`insert into topics (category_id, code, name_en) values (1, 'ELEVENCHARS', 'Long')`, tooLong));

  it('policy impact defaults to 5', async () => {
    const [policy] = await ctx.sql<{ impact: number }[]>`
      insert into policies (department_id, title, published_on) values (2, 'Default impact', '2026-01-01') returning impact`;
    expect(policy!.impact).toBe(5);
  });

  it('policy impact below 1 is rejected', () => rejects(insertPolicy({ impact: 0 }), checkViolation));

  it('policy impact above 10 is rejected', () => rejects(insertPolicy({ impact: 11 }), checkViolation));

  it('a policy needs an existing department', () => rejects(insertPolicy({ departmentId: 999 }), foreignKeyViolation));

  it('a policy title may not be blank', () =>
    rejects(ctx.sql`insert into policies (department_id, title, published_on) values (1, '  ', '2026-01-01')`, checkViolation));

  it('a source URL belongs to one policy', async () => {
    await insertPolicy({ sourceUrl: 'https://www.gov.cn/zhengce/1.htm' });
    await rejects(insertPolicy({ sourceUrl: 'https://www.gov.cn/zhengce/1.htm' }), uniqueViolation);
  });

  it('emails are unique regardless of case', async () => {
    await insertUser('Case@Example.com', 'case-one');
    await rejects(insertUser('case@example.COM', 'case-two'), uniqueViolation);
  });

  it('usernames are unique regardless of case', async () => {
    await insertUser('one@example.com', 'Handle');
    await rejects(insertUser('two@example.com', 'handle'), uniqueViolation);
  });

  it('a role outside user, editor, admin, super_admin is rejected', () =>
    rejects(ctx.sql`insert into users (email, username, password_hash, role) values ('r@example.com', 'r', 'x', 'root')`, checkViolation));

  it('collection names are unique per user regardless of case, but two users may share one', async () => {
    const first = await insertUser('collector1@example.com');
    const second = await insertUser('collector2@example.com');
    await insertCollection(first, 'Fintech');
    await rejects(insertCollection(first, 'FINTECH'), uniqueViolation);
    await expect(insertCollection(second, 'Fintech')).resolves.toBeTypeOf('number');
  });

  it('collection names are at most 100 characters', async () => {
    const user = await insertUser('long-names@example.com');
    await rejects(insertCollection(user, 'x'.repeat(101)), tooLong);
  });

  it('collection names may not be blank', async () => {
    const user = await insertUser('blank-names@example.com');
    await rejects(insertCollection(user, '   '), checkViolation);
  });

  it('a policy is in a collection at most once', async () => {
    const user = await insertUser('once@example.com');
    const collection = await insertCollection(user, 'Once');
    const policy = await insertPolicy();
    await ctx.sql`insert into policy_collections (collection_id, policy_id) values (${collection}, ${policy.id})`;
    await rejects(ctx.sql`insert into policy_collections (collection_id, policy_id) values (${collection}, ${policy.id})`, uniqueViolation);
  });

  it('a subscription status outside the eight known ones is rejected', async () => {
    const user = await insertUser('status@example.com');
    await rejects(
      ctx.sql`insert into subscriptions (user_id, provider, provider_subscription_id, status) values (${user}, 'local', 'sub_x', 'paused')`,
      checkViolation,
    );
  });

  it('a user has at most one subscription', async () => {
    const user = await insertUser('one-sub@example.com');
    await ctx.sql`insert into subscriptions (user_id, provider, provider_subscription_id, status) values (${user}, 'local', 'sub_a', 'active')`;
    await rejects(
      ctx.sql`insert into subscriptions (user_id, provider, provider_subscription_id, status) values (${user}, 'local', 'sub_b', 'active')`,
      uniqueViolation,
    );
  });

  it('a Stripe event is recorded once', async () => {
    await ctx.sql`insert into stripe_events (id, type) values ('evt_1', 'invoice.paid')`;
    await rejects(ctx.sql`insert into stripe_events (id, type) values ('evt_1', 'invoice.paid')`, uniqueViolation);
  });

  it('a story status outside pending, processing, processed, failed is rejected', () =>
    rejects(ctx.sql`insert into pending_stories (title, url, status) values ('t', 'https://a.example/1', 'done')`, checkViolation));

  it('a story URL is queued once', async () => {
    await ctx.sql`insert into pending_stories (title, url) values ('t', 'https://a.example/2')`;
    await rejects(ctx.sql`insert into pending_stories (title, url) values ('t again', 'https://a.example/2')`, uniqueViolation);
  });

  it('a notification frequency outside hourly, daily, weekly, monthly is rejected', async () => {
    const user = await insertUser('notify@example.com');
    await rejects(ctx.sql`insert into notification_preferences (user_id, frequency) values (${user}, 'yearly')`, checkViolation);
  });

  it('an outbox operation outside upsert and delete is rejected', () =>
    rejects(ctx.sql`insert into search_outbox (policy_id, operation) values (1, 'merge')`, checkViolation));

  it('deleting a user removes their sessions, collections and preferences', async () => {
    const user = await insertUser('leaving@example.com');
    const collection = await insertCollection(user, 'Mine');
    const policy = await insertPolicy();
    await ctx.sql`insert into policy_collections (collection_id, policy_id) values (${collection}, ${policy.id})`;
    await ctx.sql`insert into sessions (token_hash, user_id, expires_at, absolute_expires_at) values ('h1', ${user}, now() + interval '1 day', now() + interval '30 days')`;
    await ctx.sql`insert into notification_preferences (user_id) values (${user})`;
    await ctx.sql`delete from users where id = ${user}`;
    const [left] = await ctx.sql<{ sessions: number; collections: number; links: number; preferences: number; policies: number }[]>`
      select (select count(*)::int from sessions where user_id = ${user}) as sessions,
             (select count(*)::int from collections where user_id = ${user}) as collections,
             (select count(*)::int from policy_collections where collection_id = ${collection}) as links,
             (select count(*)::int from notification_preferences where user_id = ${user}) as preferences,
             (select count(*)::int from policies where id = ${policy.id}) as policies`;
    expect(left).toEqual({ sessions: 0, collections: 0, links: 0, preferences: 0, policies: 1 });
  });

  it('deleting a policy removes it from collections but keeps the collection', async () => {
    const user = await insertUser('keeper@example.com');
    const collection = await insertCollection(user, 'Kept');
    const policy = await insertPolicy();
    await ctx.sql`insert into policy_collections (collection_id, policy_id) values (${collection}, ${policy.id})`;
    await ctx.sql`delete from policies where id = ${policy.id}`;
    const [left] = await ctx.sql<{ links: number; collections: number }[]>`
      select (select count(*)::int from policy_collections where collection_id = ${collection}) as links,
             (select count(*)::int from collections where id = ${collection}) as collections`;
    expect(left).toEqual({ links: 0, collections: 1 });
  });

  it('a department with policies cannot be deleted', async () => {
    await insertPolicy({ departmentId: 3 });
    await rejects(ctx.sql`delete from departments where id = 3`, restrictViolation);
  });
});
