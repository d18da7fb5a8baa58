import { describe, expect, it } from 'vitest';
import { parsePolicyFullContent } from './policy-content.ts';

describe('full_content', () => {
  const stored = {
    key_points: [{ title: 'Scope', content: 'Who it covers' }],
    analysis: ['First paragraph'],
    impact_analysis: [{ industry_id: 3, details: 'Banks report quarterly' }],
    implementation_timeline: [{ period: '2026 Q1', phase: 'Pilot', details: 'Ten provinces' }],
    related_policies: [{ date: '2024-01-01', title: 'Earlier notice', description: '', policy_id: 7 }],
    topic_analysis: [{ topic_id: 22, details: 'Data export reviews' }],
  };

  it('keeps the stored shape as it is', () => {
    expect(parsePolicyFullContent(stored)).toEqual(stored);
  });

  it('reads camelCase keys, at the top and in entries, into the stored snake_case shape', () => {
    const camel = {
      keyPoints: [{ title: 'Scope', content: 'Who it covers' }],
      analysis: ['First paragraph'],
      impactAnalysis: [{ industryId: 3, details: 'Banks report quarterly' }],
      implementationTimeline: [{ period: '2026 Q1', phase: 'Pilot', details: 'Ten provinces' }],
      relatedPolicies: [{ date: '2024-01-01', title: 'Earlier notice', description: '', policyId: '7' }],
      topicAnalysis: [{ topicId: 22, details: 'Data export reviews' }],
    };
    expect(parsePolicyFullContent(camel)).toEqual(stored);
    expect(parsePolicyFullContent(JSON.stringify(camel))).toEqual(stored);
  });

  it('prefers the snake_case key when both spellings are present', () => {
    expect(parsePolicyFullContent({ key_points: [{ title: 'Snake' }], keyPoints: [{ title: 'Camel' }] })).toEqual({ key_points: [{ title: 'Snake', content: '' }] });
  });

  it('leaves out entries that do not fit and lists that are not lists, never failing', () => {
    expect(
      parsePolicyFullContent({
        key_points: [{ title: '  ' }, { nonsense: true }, 'text', { title: 'Kept', content: 42 }],
        analysis: 'not a list',
        impact_analysis: [{ industry_id: 'three', details: 'x' }],
        related_policies: [{ title: 'No id', date: '2020-01-01', description: '', policy_id: 'x' }],
      }),
    ).toEqual({ key_points: [{ title: 'Kept', content: '' }], related_policies: [{ title: 'No id', date: '2020-01-01', description: '' }] });
    expect(parsePolicyFullContent('{not json')).toEqual({});
    expect(parsePolicyFullContent(null)).toEqual({});
    expect(parsePolicyFullContent([1, 2])).toEqual({});
  });
});
