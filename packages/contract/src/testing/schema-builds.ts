import type { z } from 'zod';

/**
 * zod's namespace with its factories (z.object, z.string, z.coerce.number, ...) counted into
 * `built` as they are called; its classes are left alone. A test mocks zod with it to see which
 * schemas a module builds as it loads (`lazySchema` defers them in a browser).
 */
export function countedZod(namespace: typeof z, built: string[]): typeof z {
  return counted(namespace, 'z.', built);
}

function counted<T extends object>(namespace: T, prefix: string, built: string[]): T {
  return new Proxy(namespace, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || !/^[a-z]/.test(key) || key === 'lazy') return value;
      if (typeof value === 'function')
        return (...args: unknown[]) => {
          built.push(`${prefix}${key}`);
          return value.apply(target, args);
        };
      return value && typeof value === 'object' ? counted(value, `${prefix}${key}.`, built) : value;
    },
  });
}
