import { vi } from 'vitest';

/**
 * From here on, modules imported anew get a zod whose factories (z.object, z.string,
 * z.coerce.number, ...) are counted into the list this answers as they are called; its classes
 * are left alone. A test imports modules after this to see which schemas each builds as it loads
 * (`lazySchema` defers them in a browser); `stopCountingSchemaBuilds` undoes it.
 */
export function countSchemaBuilds(): string[] {
  const built: string[] = [];
  vi.doMock('zod', async (importOriginal) => {
    const actual = await importOriginal<typeof import('zod')>();
    return { ...actual, z: counted(actual.z, 'z.', built) };
  });
  vi.resetModules();
  return built;
}

export function stopCountingSchemaBuilds(): void {
  vi.doUnmock('zod');
  vi.resetModules();
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
