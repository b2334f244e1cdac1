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

/** Receipts of one list on their way together: the list as it was before the first, and whether any was refused. */
interface Batch {
  pending: number;
  before: [QueryKey, unknown][];
  refused: boolean;
}
const batches = new WeakMap<QueryClient, Map<string, Batch>>();

function batchOf(queryClient: QueryClient): Map<string, Batch> {
  let lists = batches.get(queryClient);
  if (!lists) batches.set(queryClient, (lists = new Map()));
  return lists;
}

/**
 * Reading an item. A poll sent before the receipt would answer the old count after it, so every
 * query of the list in flight is cancelled first (and again before the refetch, for one that
 * started meanwhile); the receipt shows at once, and the server's count when it answers. A receipt
 * the server did not take is taken back: once the receipts sent together have all been answered,
 * the list is put back as it was before the first of them (a snapshot taken at a later one would
 * show an earlier refused receipt as read) and asked again for what the server did take.
 */
export function useReadReceipt<Page, Target, Answer>(receipt: ReadReceipt<Page, Target, Answer>) {
  const queryClient = useQueryClient();
  const { queryKey } = receipt;
  const listKey = JSON.stringify(queryKey);
  return useMutation({
    mutationFn: receipt.send,
    onMutate: async (target: Target) => {
      await queryClient.cancelQueries({ queryKey });
      const lists = batchOf(queryClient);
      const batch = lists.get(listKey) ?? { pending: 0, before: queryClient.getQueriesData<Cached<Page>>({ queryKey }), refused: false };
      batch.pending += 1;
      lists.set(listKey, batch);
      const shownUnread = queryClient.getQueriesData<Cached<Page>>({ queryKey }).some(([, data]) => pagesOf(data).some((p) => receipt.isUnread(p, target)));
      if (shownUnread) applyToCache<Page>(queryClient, queryKey, (p) => receipt.withRead(p, target, receipt.countBeforeAnswer(p)));
    },
    onError: () => {
      const batch = batchOf(queryClient).get(listKey);
      if (batch) batch.refused = true;
    },
    onSuccess: (answer: Answer, target: Target) => applyToCache<Page>(queryClient, queryKey, (p) => receipt.withRead(p, target, receipt.countIn(answer))),
    onSettled: async () => {
      const lists = batchOf(queryClient);
      const batch = lists.get(listKey);
      if (batch && --batch.pending === 0) {
        lists.delete(listKey);
        // Shown unread again whether or not the list can be fetched anew; the refetch brings back what was taken.
        if (batch.refused) for (const [key, data] of batch.before) queryClient.setQueryData(key, data);
      }
      await queryClient.cancelQueries({ queryKey });
      await queryClient.invalidateQueries({ queryKey });
    },
  });
}
