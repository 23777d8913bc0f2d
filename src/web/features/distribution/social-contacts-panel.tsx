import { AtSign, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import type { SocialContact } from '@/web/lib/social-api';
import { SocialIcon } from '@/web/components/social/platform-icon';
import { SelectRow } from './contacts-panel';
import { matchesSocial } from './selection';

const SHOWN = 200;

/** Social Contacts: shown when a platform other than e-mail is selected; filtered by those platforms. */
export function SocialContactsPanel({
  contacts,
  loading,
  failed,
  platforms,
  selected,
  onToggle,
  onRetry,
}: {
  contacts: SocialContact[] | undefined;
  loading: boolean;
  failed: boolean;
  platforms: string[];
  selected: string[];
  onToggle: (id: string) => void;
  onRetry: () => void;
}) {
  const { LL } = useI18nContext();
  const T = LL.distribution.socialContacts;
  const [q, setQ] = useState('');
  const shown = useMemo(() => (contacts ?? []).filter((c) => matchesSocial(c, q, platforms)), [contacts, q, platforms]);

  return (
    <section className="card border border-base-300 bg-base-100" aria-labelledby="social-contacts" data-testid="social-contacts">
      <div className="card-body gap-3 p-4">
        <h3 id="social-contacts" className="card-title text-base">
          <AtSign className="size-5 text-primary" aria-hidden /> {T.title()}
        </h3>
        <label className="input input-sm w-full">
          <Search className="size-4 opacity-60" aria-hidden />
          <input
            type="search"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder={T.placeholder()}
            aria-label={T.search()}
            data-testid="social-search"
          />
        </label>
        {loading && <div className="skeleton h-16" />}
        {failed && (
          <div role="alert" className="alert alert-error alert-soft flex flex-wrap py-2 text-sm">
            <span className="flex-1">{T.fetchFailed()}</span>
            <button type="button" className="btn btn-xs" onClick={onRetry}>
              {LL.common.tryAgain()}
            </button>
          </div>
        )}
        {!loading && !failed && shown.length === 0 && <p className="text-sm text-base-content/60">{contacts === undefined ? T.noAccounts() : T.empty()}</p>}
        {shown.length > 0 && (
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
        )}
        {shown.length > SHOWN && <p className="text-xs text-base-content/60">{T.more({ shown: SHOWN, total: shown.length })}</p>}
      </div>
    </section>
  );
}
