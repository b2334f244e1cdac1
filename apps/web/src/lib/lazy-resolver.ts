import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver whose schema (and zod with it) is fetched on the first
 * validation instead of with the page: the landing's forms paint without zod, and the
 * import is in flight long before anyone has typed and left a field.
 */
export function lazyResolver<TInput extends FieldValues, TOutput>(load: () => Promise<Resolver<TInput, unknown, TOutput>>): Resolver<TInput, unknown, TOutput> {
  let loading: Promise<Resolver<TInput, unknown, TOutput>> | null = null;
  return async (values, context, options) => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return (await loading)(values, context, options);
  };
}
