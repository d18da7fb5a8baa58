import { describe, expect, it } from 'vitest';
import { demoDateRange, generatePolicy, type DemoPolicy } from './demo-data.ts';
import { departmentList, industryList, topicList } from './reference-data.ts';

const SAMPLE = 2_000;

describe('generatePolicy', () => {
  it('is deterministic per (seed, index), whatever was generated before', () => {
    const indices = [0, 1, 17, 999, 123_456];
    const first = indices.map((i) => generatePolicy(42, i));
    // Interleave other seeds and go backwards so no hidden state can leak between calls.
    generatePolicy(7, 3);
    const second = [...indices].reverse().map((i) => generatePolicy(42, i)).reverse();
    expect(second).toEqual(first);
  });

  it('gives different policies for different indices and seeds', () => {
    const a = generatePolicy(42, 0);
    const b = generatePolicy(42, 1);
    const c = generatePolicy(43, 0);
    expect(b).not.toEqual(a);
    expect(c).not.toEqual(a);
    expect(new Set([a.sourceUrl, b.sourceUrl, c.sourceUrl]).size).toBe(3);
  });

  describe(`over ${SAMPLE} policies`, () => {
    const policies: DemoPolicy[] = Array.from({ length: SAMPLE }, (_, i) => generatePolicy(42, i));

    it('covers every department, industry and topic', () => {
      expect(new Set(policies.map((p) => p.departmentId))).toEqual(new Set(departmentList.map((d) => d.id)));
      expect(new Set(policies.flatMap((p) => p.industries.map((i) => i.industryId)))).toEqual(new Set(industryList.map((i) => i.id)));
      expect(new Set(policies.flatMap((p) => p.topics.map((t) => t.topicId)))).toEqual(new Set(topicList.map((_, i) => i + 1)));
    });

    it('tags 1-3 distinct industries and topics with analyses for each', () => {
      for (const p of policies) {
        const industryIds = p.industries.map((i) => i.industryId);
        const topicIds = p.topics.map((t) => t.topicId);
        expect(industryIds.length).toBeGreaterThanOrEqual(1);
        expect(industryIds.length).toBeLessThanOrEqual(3);
        expect(new Set(industryIds).size).toBe(industryIds.length);
        expect(topicIds.length).toBeGreaterThanOrEqual(1);
        expect(topicIds.length).toBeLessThanOrEqual(3);
        expect(new Set(topicIds).size).toBe(topicIds.length);
        expect(p.fullContent.impact_analysis?.map((a) => a.industry_id)).toEqual(industryIds);
        expect(p.fullContent.topic_analysis?.map((a) => a.topic_id)).toEqual(topicIds);
        for (const t of p.topics) {
          expect(t.relevance).toBeGreaterThan(0);
          expect(t.relevance).toBeLessThanOrEqual(1);
        }
      }
    });

    it('keeps impact within 1-10, skewed towards the middle', () => {
      const impacts = policies.map((p) => p.impact);
      for (const impact of impacts) {
        expect(Number.isInteger(impact)).toBe(true);
        expect(impact).toBeGreaterThanOrEqual(1);
        expect(impact).toBeLessThanOrEqual(10);
      }
      const middle = impacts.filter((i) => i >= 3 && i <= 7).length;
      const top = impacts.filter((i) => i >= 9).length;
      expect(middle / SAMPLE).toBeGreaterThan(0.6);
      expect(top / SAMPLE).toBeLessThan(0.15);
    });

    it('dates every policy within the three-year window', () => {
      for (const p of policies) {
        expect(p.publishedOn).toMatch(/^\d{4}-\d{2}-\d{2}$/);
        expect(p.publishedOn >= demoDateRange.from).toBe(true);
        expect(p.publishedOn <= demoDateRange.to).toBe(true);
      }
      const years = new Set(policies.map((p) => p.publishedOn.slice(0, 4)));
      expect(years).toEqual(new Set(['2023', '2024', '2025', '2026']));
    });

    it('gives every policy a unique source URL', () => {
      const urls = policies.map((p) => p.sourceUrl);
      expect(new Set(urls).size).toBe(SAMPLE);
      for (const p of policies) {
        expect(p.sourceUrl).toMatch(/^https?:\/\/www\.[a-z.]+\.(cn|hk)\//);
        expect(p.fullContent.source_url).toBe(p.sourceUrl);
      }
    });

    it('writes structured Chinese originals and matching English translations', () => {
      for (const p of policies) {
        expect(p.title.trim()).not.toBe('');
        expect(p.chineseOriginal).toMatch(/[\u4e00-\u9fff]/);
        expect(p.chineseOriginal).toContain('一、');
        expect(p.chineseOriginal).toContain('二、');
        expect(p.storyText).toBe(p.chineseOriginal);
        if (p.englishTranslation !== null) {
          expect(p.englishTranslation).toContain('\n1. ');
          expect(p.englishTranslation).toContain('\n2. ');
          expect(p.englishTranslation).not.toMatch(/[\u4e00-\u9fff]/);
        }
      }
      const untranslated = policies.filter((p) => p.englishTranslation === null).length;
      expect(untranslated).toBeGreaterThan(0);
      expect(untranslated / SAMPLE).toBeLessThan(0.06);
    });

    it('fills the analysis body', () => {
      for (const p of policies) {
        const { key_points, analysis, implementation_timeline, related_policies } = p.fullContent;
        expect(key_points?.length).toBeGreaterThanOrEqual(3);
        expect(key_points?.length).toBeLessThanOrEqual(5);
        for (const point of key_points ?? []) {
          expect(point.title).not.toBe('');
          expect(point.content).not.toBe('');
        }
        expect(analysis?.length).toBeGreaterThanOrEqual(2);
        expect(analysis?.length).toBeLessThanOrEqual(4);
        expect(implementation_timeline?.length).toBeGreaterThanOrEqual(2);
        expect(implementation_timeline?.length).toBeLessThanOrEqual(3);
        expect(related_policies?.length).toBeLessThanOrEqual(2);
        expect(p.description).not.toBe('');
      }
    });

    it('varies titles', () => {
      expect(new Set(policies.map((p) => p.title)).size / SAMPLE).toBeGreaterThan(0.8);
    });
  });
});
