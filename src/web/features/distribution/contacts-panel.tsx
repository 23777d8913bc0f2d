import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { Check, ListChecks, Users } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { errorMessage } from '../../lib/rest';
import { QueryState, type QueryOf } from '../../components/query-state';
import { SearchInput } from '../../components/search-input';
import type { ContactList } from './api';
import { matchesContact } from './selection';
import { ContactLanguage } from './contact-language';
import { useTrpc } from '@/web/lib/trpc';
import { LoadMore } from '@/web/components/load-more';
import { useDebounced } from '@/web/lib/use-debounced';
import { itemsOf } from '@/web/lib/pages';
import { Panel } from '@/web/components/panel';

/** A selectable row: the whole row toggles, the check shows the state. */
export function SelectRow({
  selected,
  onToggle,
  children,
  testId,
  disabled,
  id,
}: {
  selected: boolean;
  onToggle: () => void;
  children: React.ReactNode;
  testId: string;
  disabled?: boolean;
  id?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={disabled}
      onClick={onToggle}
      className={`flex w-full items-center gap-3 rounded-box border px-3 py-2 text-left transition-colors disabled:cursor-not-allowed ${
        selected ? 'border-primary bg-primary/10' : 'border-base-300 hover:bg-base-200'
      }`}
      data-testid={testId}
      data-id={id}
      data-selected={selected}
    >
      <span
        className={`flex size-5 shrink-0 items-center justify-center rounded border ${selected ? 'border-primary bg-primary text-primary-content' : 'border-base-content/30'}`}
        aria-hidden
      >
        {selected && <Check className="size-3.5" />}
      </span>
      {children}
    </button>
  );
}

/** My Contacts: the lists (toggle), a search, and the contacts of the first selected list (toggle). */
export function ContactsPanel({
  listsQuery,
  listIds,
  contactIds,
  onToggleList,
  onToggleContact,
  listsMore,
}: {
  /** The lists loaded so far (they come in pages: listsMore loads the next one). */
  listsQuery: QueryOf<ContactList[]>;
  listsMore?: React.ReactNode;
  listIds: string[];
  contactIds: string[];
  onToggleList: (id: string) => void;
  onToggleContact: (id: string) => void;
}) {
  const { LL } = useI18nContext();
  const M = LL.distribution.contacts;
  const trpc = useTrpc();
  const [q, setQ] = useState('');
  const lists = listsQuery.data;
  const first = listIds[0] ?? null;
  const firstList = lists?.find((l) => l.id === first);
  // The search runs on the server (over every contact of the list, not the pages loaded); the loaded
  // rows are also narrowed at once while the server's answer is on its way.
  const search = useDebounced(q.trim(), 250);
  const contacts = useInfiniteQuery({
    ...trpc.contacts.contacts.infiniteQueryOptions(
      { listId: first ?? '', search: search || undefined },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
    enabled: !!first,
    placeholderData: keepPreviousData,
  });
  const loaded = useMemo(() => itemsOf(contacts.data), [contacts.data]);
  const shown = useMemo(() => loaded.filter((c) => matchesContact(c, q)), [loaded, q]);
  const total = contacts.data?.pages[0]?.total;

  return (
    <Panel title={M.title()} icon={Users} titleId="my-contacts" level={3} dense testId="my-contacts">
      <div>
        <p className="mb-1.5 text-sm font-medium text-base-content/80">{M.lists()}</p>
        <QueryState
          query={listsQuery}
          empty={lists?.length === 0}
          loading={<div className="skeleton h-10" />}
          error={{ message: M.listsFailed(), detail: listsQuery.error ? errorMessage(listsQuery.error) : undefined, compact: true }}
          emptyState={
            <p className="text-sm text-base-content/70" data-testid="no-lists">
              {M.noLists()}
            </p>
          }
        >
          <ul className="max-h-52 space-y-1.5 overflow-y-auto pr-1" data-testid="contact-lists">
            {lists?.map((l) => (
              <li key={l.id}>
                <SelectRow selected={listIds.includes(l.id)} onToggle={() => onToggleList(l.id)} testId="contact-list" id={l.id}>
                  <ListChecks className="size-4 shrink-0 text-base-content/60" aria-hidden />
                  <span className="min-w-0 flex-1 truncate font-medium">{l.name}</span>
                  <span className="badge badge-ghost badge-sm shrink-0">{M.count({ count: l.contactCount })}</span>
                </SelectRow>
              </li>
            ))}
            {listsMore}
          </ul>
        </QueryState>
      </div>

      <SearchInput value={q} onChange={setQ} label={M.search()} placeholder={M.searchPlaceholder()} className="input-sm w-full" testId="contact-search" />

      <div>
        <p className="mb-1.5 text-sm font-medium text-base-content/80">{firstList ? M.ofList({ name: firstList.name }) : M.contacts()}</p>
        {first ? (
          <QueryState
            query={contacts}
            empty={shown.length === 0}
            loading={<div className="skeleton h-16" />}
            error={{ message: M.contactsFailed(), compact: true }}
            emptyState={<p className="text-sm text-base-content/60">{total === 0 && !search ? M.noContacts() : M.noMatch()}</p>}
          >
            <ul className="max-h-72 space-y-1.5 overflow-y-auto pr-1" data-testid="contacts">
              {shown.map((c) => (
                <li key={c.id} className="flex items-center gap-1.5">
                  <SelectRow selected={contactIds.includes(c.id)} onToggle={() => onToggleContact(c.id)} testId="contact" id={c.id}>
                    <span className="min-w-0 flex-1">
                      <span className="block truncate font-medium">
                        {c.name}
                        {c.unsubscribed && <span className="badge badge-ghost badge-xs ml-2">{M.unsubscribed()}</span>}
                      </span>
                      <span className="block truncate text-xs text-base-content/60">{[c.email, c.position, c.company].filter(Boolean).join(' · ')}</span>
                    </span>
                  </SelectRow>
                  <ContactLanguage contact={c} />
                </li>
              ))}
              <li>
                <LoadMore pages={contacts} testId="contacts-more" />
              </li>
            </ul>
          </QueryState>
        ) : (
          <p className="text-sm text-base-content/60">{M.selectList()}</p>
        )}
      </div>
    </Panel>
  );
}
