import { describe, expect, it } from 'vitest';
import { describeHealth } from './system-status.ts';

describe('the status page reads health', () => {
  it('says Operational only when every part is ok', () => {
    expect(describeHealth({ status: 'ok', failing: [] }, false)).toEqual({ label: 'Operational', problems: [] });
  });

  it('says Degraded and names each part that is down', () => {
    expect(describeHealth({ status: 'degraded', failing: ['search', 'outbox'] }, false)).toEqual({
      label: 'Degraded',
      problems: ['Search unavailable', 'Search updates delayed'],
    });
    expect(describeHealth({ status: 'degraded', failing: ['indexer'] }, false).problems).toEqual(['Search indexer not running']);
  });

  it('says Degraded when health itself cannot be reached, and waits while it is asked', () => {
    expect(describeHealth(undefined, true)).toEqual({ label: 'Degraded', problems: ['Status service unreachable'] });
    expect(describeHealth(undefined, false).label).toBe('Checking...');
  });
});
