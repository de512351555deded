import { describe, expect, it } from 'vitest';
import { bulkSummary, runInBatches } from './action-summary';

const deleted = { label: 'Delete', done: 'deleted', noun: 'cafe', nouns: 'cafes' };

describe('bulkSummary', () => {
  it('counts what succeeded when all did', () => {
    expect(bulkSummary({ ...deleted, succeeded: 3, failures: [] })).toBe('3 cafes deleted');
    expect(bulkSummary({ ...deleted, succeeded: 1, failures: [] })).toBe('1 cafe deleted');
  });

  it('names each failure with the reason', () => {
    const failures = [{ name: 'Blue', reason: 'Already deleted' }];
    expect(bulkSummary({ ...deleted, succeeded: 2, failures })).toBe(
      '2 cafes deleted, 1 failed: Blue: Already deleted',
    );
    expect(bulkSummary({ ...deleted, succeeded: 0, failures })).toBe(
      'Could not delete 1 cafe: Blue: Already deleted',
    );
  });

  it('names three failures and counts the rest', () => {
    const failures = ['A', 'B', 'C', 'D', 'E'].map((name) => ({ name, reason: 'No' }));
    expect(bulkSummary({ ...deleted, succeeded: 1, failures })).toBe(
      '1 cafe deleted, 5 failed: A: No; B: No; C: No and 2 more',
    );
  });
});

describe('runInBatches', () => {
  it('keeps at most the limit in flight, answers in order and runs past a failure', async () => {
    let inFlight = 0;
    let most = 0;
    const outcomes = await runInBatches([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await Promise.resolve();
      inFlight -= 1;
      if (item === 2) throw new Error('two');
      return item * 10;
    });
    expect(most).toBe(3);
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : 'failed'))).toEqual([
      10,
      'failed',
      30,
      40,
      50,
      60,
      70,
    ]);
  });
});
