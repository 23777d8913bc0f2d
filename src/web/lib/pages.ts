import type { Trpc } from '@/web/lib/trpc';

// Lists that load in pages (docs/decisions/180-cursor-pagination.md): tRPC answers { items, nextCursor }.

/** Every row of the pages loaded so far. */
export const itemsOf = <T>(data: { pages: { items: T[] }[] } | undefined): T[] => data?.pages.flatMap((p) => p.items) ?? [];

const next = { getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined };

/** The user's videos (or one campaign's), newest first, with My Videos' filters applied by the server. */
export const videoPagesOptions = (trpc: Trpc, input: { campaignId?: string; q?: string; filter?: 'draft' | 'processing' | 'completed' } = {}) =>
  trpc.videos.list.infiniteQueryOptions({ ...input, q: input.q?.trim() || undefined }, next);

/** The user's campaigns, newest first (pickers: Add to campaign). */
export const campaignPickerOptions = (trpc: Trpc) => trpc.campaigns.list.infiniteQueryOptions({}, next);

/** The user's contact lists, newest first. */
export const contactListPagesOptions = (trpc: Trpc) => trpc.contacts.lists.infiniteQueryOptions({}, next);
