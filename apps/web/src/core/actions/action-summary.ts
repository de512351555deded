/** A record a bulk action could not change, and the server's reason. */
export type ActionFailure = { name: string; reason: string };

type SummaryInput = {
  /** The action's label ('Delete') and what it did ('deleted'). */
  label: string;
  done: string;
  /** How the area names one record and several ('cafe', 'cafes'). */
  noun: string;
  nouns: string;
  succeeded: number;
  failures: readonly ActionFailure[];
};

/** At most this many failures are named in a summary; the rest are counted. */
const NAMED_FAILURES = 3;

/**
 * The one message after a bulk action: '3 cafes deleted'; '2 cafes deleted, 1 failed: Blue: Already
 * deleted'; 'Could not delete 3 cafes: ...' when none succeeded. Each failure names its record and
 * the server's reason, so a refusal (oneself, the last admin) is never hidden.
 */
export function bulkSummary({ label, done, noun, nouns, succeeded, failures }: SummaryInput): string {
  const counted = (count: number) => `${count} ${count === 1 ? noun : nouns}`;
  if (failures.length === 0) return `${counted(succeeded)} ${done}`;
  const named = failures.slice(0, NAMED_FAILURES).map((failure) => `${failure.name}: ${failure.reason}`);
  const more = failures.length - named.length;
  const reasons = `${named.join('; ')}${more > 0 ? ` and ${more} more` : ''}`;
  if (succeeded === 0) return `Could not ${label.toLowerCase()} ${counted(failures.length)}: ${reasons}`;
  return `${counted(succeeded)} ${done}, ${failures.length} failed: ${reasons}`;
}

/**
 * Runs `run` on every item, at most `limit` at a time (a bulk action does not fire a page of calls
 * at once), and answers each outcome in the items' order; one failure does not stop the others.
 */
export async function runInBatches<Item, Result>(
  items: readonly Item[],
  limit: number,
  run: (item: Item) => Promise<Result>,
): Promise<PromiseSettledResult<Result>[]> {
  const outcomes: PromiseSettledResult<Result>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      try {
        outcomes[index] = { status: 'fulfilled', value: await run(items[index] as Item) };
      } catch (reason) {
        outcomes[index] = { status: 'rejected', reason };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return outcomes;
}
