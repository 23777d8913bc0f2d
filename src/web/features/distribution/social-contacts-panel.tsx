import { AtSign } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import type { SocialContact } from '@/web/lib/social-api';
import { SocialIcon } from '@/web/components/social/platform-icon';
import { QueryState, type QueryOf } from '@/web/components/query-state';
import { SearchInput } from '@/web/components/search-input';
import { SelectRow } from './contacts-panel';
import { matchesSocial } from './selection';
import { Panel } from '@/web/components/panel';

const SHOWN = 200;

/** Social Contacts: shown when a platform other than e-mail is selected; filtered by those platforms. */
export function SocialContactsPanel({
  query,
  platforms,
  selected,
  onToggle,
}: {
  /** Undefined data once loaded: no social account is connected. */
  query: QueryOf<SocialContact[]>;
  platforms: string[];
  selected: string[];
  onToggle: (id: string) => void;
}) {
  const { LL } = useI18nContext();
  const T = LL.distribution.socialContacts;
  const [q, setQ] = useState('');
  const shown = useMemo(() => (query.data ?? []).filter((c) => matchesSocial(c, q, platforms)), [query.data, q, platforms]);

  return (
    <Panel title={T.title()} icon={AtSign} titleId="social-contacts" level={3} dense testId="social-contacts">
      <SearchInput value={q} onChange={setQ} label={T.search()} placeholder={T.placeholder()} className="input-sm w-full" testId="social-search" />
      <QueryState
        query={query}
        empty={shown.length === 0}
        loading={<div className="skeleton h-16" />}
        error={{ message: T.fetchFailed(), compact: true }}
        emptyState={<p className="text-sm text-base-content/60">{query.data === undefined ? T.noAccounts() : T.empty()}</p>}
      >
        <ul className="max-h-72 space-y-1.5 overflow-y-auto pr-1" data-testid="social-contact-list">
          {shown.slice(0, SHOWN).map((c) => (
            <li key={c.id}>
              <SelectRow selected={selected.includes(c.id)} onToggle={() => onToggle(c.id)} testId="social-contact" id={c.id}>
                {c.profilePictureUrl ? (
                  <img src={c.profilePictureUrl} alt="" className="size-8 shrink-0 rounded-full object-cover" loading="lazy" />
                ) : (
                  <SocialIcon platform={c.platform} className="size-4" tile decorative />
                )}
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{c.name}</span>
                  {c.headline && <span className="block truncate text-xs text-base-content/60">{c.headline}</span>}
                </span>
                {c.profilePictureUrl && <SocialIcon platform={c.platform} className="size-4" />}
              </SelectRow>
            </li>
          ))}
        </ul>
      </QueryState>
      {shown.length > SHOWN && <p className="text-xs text-base-content/60">{T.more({ shown: SHOWN, total: shown.length })}</p>}
    </Panel>
  );
}
