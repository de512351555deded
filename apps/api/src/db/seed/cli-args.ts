/** Command line of `npm run seed`: `--users N` (default 3000), `--seed N` (default 1), `--help`. */

export const SEED_USAGE = [
  'Usage: npm run seed -- --users <N> [--seed <N>]',
  '',
  '  --users <N>   how many demo users to create (1 to 10,000,000; default 3000)',
  '  --seed <N>    random seed: the same seed gives the same data (default 1)',
  '',
  'Environment: DATABASE_URL (PostgreSQL; PGlite when unset), DATA_DIR (default ./data).',
  'The database must not hold users or cities yet.',
].join('\n');

export const MAX_SEED_USERS = 10_000_000;

export type SeedArgs = { help: true } | { help: false; users: number; seed: number };

export class SeedArgsError extends Error {}

function integer(flag: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || raw.startsWith('--')) throw new SeedArgsError(`${flag} needs a value`);
  const text = raw.replaceAll('_', '');
  if (!/^\d+$/.test(text)) throw new SeedArgsError(`${flag} must be a whole number, got "${raw}"`);
  const value = Number(text);
  if (value < min || value > max) {
    throw new SeedArgsError(
      `${flag} must be between ${min.toLocaleString('en')} and ${max.toLocaleString('en')}, got ${raw}`,
    );
  }
  return value;
}

export function parseSeedArgs(argv: readonly string[]): SeedArgs {
  let users = 3000;
  let seed = 1;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === '--help' || arg === '-h') return { help: true };
    const [flag, inline] = arg.includes('=')
      ? (arg.split(/=(.*)/s, 2) as [string, string])
      : [arg, undefined];
    const value = () => (inline !== undefined ? inline : argv[++i]);
    if (flag === '--users') users = integer('--users', value(), 1, MAX_SEED_USERS);
    else if (flag === '--seed') seed = integer('--seed', value(), 0, 2 ** 32 - 1);
    else throw new SeedArgsError(`Unknown argument "${arg}"`);
  }
  return { help: false, users, seed };
}
