import { useMutation, useQueryClient, type InfiniteData, type QueryClient, type QueryKey } from '@tanstack/react-query';

/**
 * A read receipt for one polled list (notifications, messages): what to send, and how a page
 * of that list's answer shows an item read and the unread count.
 */
export interface ReadReceipt<Page, Target, Answer> {
  /** The family key every query of the list shares (the bell's page and the list's pages). */
  queryKey: QueryKey;
  send: (target: Target) => Promise<Answer>;
  /** Whether the page shows the target unread: only then does the count drop before the answer. */
  isUnread: (page: Page, target: Target) => boolean;
  /** The unread count the page shows until the server answers. */
  countBeforeAnswer: (page: Page) => number;
  /** The unread count the server answered. */
  countIn: (answer: Answer) => number;
  /** The page with the target read and showing `count` unread. */
  withRead: (page: Page, target: Target, count: number) => Page;
}

type Cached<Page> = Page | InfiniteData<Page> | undefined;

function isInfinite<Page>(data: Page | InfiniteData<Page>): data is InfiniteData<Page> {
  return typeof data === 'object' && data !== null && 'pages' in data && 'pageParams' in data;
}

function pagesOf<Page>(data: Cached<Page>): Page[] {
  if (data === undefined) return [];
  return isInfinite(data) ? data.pages : [data];
}

function applyToCache<Page>(queryClient: QueryClient, queryKey: QueryKey, page: (p: Page) => Page): void {
  const update = (data: Cached<Page>): Cached<Page> => {
    if (data === undefined) return data;
    return isInfinite(data) ? { ...data, pages: data.pages.map(page) } : page(data);
  };
  queryClient.setQueriesData<Cached<Page>>({ queryKey }, update);
}

/**
 * Reading an item. A poll sent before the receipt would answer the old count after it, so every
 * query of the list in flight is cancelled first (and again before the refetch, for one that
 * started meanwhile); the receipt shows at once, and the server's count when it answers. A receipt
 * the server did not take is taken back.
 */
export function useReadReceipt<Page, Target, Answer>(receipt: ReadReceipt<Page, Target, Answer>) {
  const queryClient = useQueryClient();
  const { queryKey } = receipt;
  return useMutation({
    mutationFn: receipt.send,
    onMutate: async (target: Target) => {
      await queryClient.cancelQueries({ queryKey });
      const before = queryClient.getQueriesData<Cached<Page>>({ queryKey });
      const shownUnread = before.some(([, data]) => pagesOf(data).some((p) => receipt.isUnread(p, target)));
      if (shownUnread) applyToCache<Page>(queryClient, queryKey, (p) => receipt.withRead(p, target, receipt.countBeforeAnswer(p)));
      return { before };
    },
    // Not recorded: the item shows unread again, whether or not the list can be fetched anew.
    onError: (_error, _target, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (answer: Answer, target: Target) => applyToCache<Page>(queryClient, queryKey, (p) => receipt.withRead(p, target, receipt.countIn(answer))),
    onSettled: async () => {
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
