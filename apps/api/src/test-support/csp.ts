/** One directive of a Content-Security-Policy header ("script-src 'self'"), or undefined. */
export const cspDirective = (policy: string, name: string) =>
  policy
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));
