// The page's Content-Security-Policy forbids eval. Without this, the first object schema zod builds
// tries `new Function` (to compile a faster parser), which the browser blocks and reports as a
// violation, and which took ~10 ms of a phone's main thread at start. Imported first by the start
// (app/start.tsx), so it runs before any module builds a schema; every schema then parses in its
// interpreted form, as it did after the blocked attempt.
import { config } from 'zod';

config({ jitless: true });
