import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { ExternalLink, MailCheck, UserSearch } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { Panel } from '@/web/components/panel';
import { SearchInput } from '@/web/components/search-input';
import { errorMessage } from '@/web/lib/rest';
import { toast } from '@/web/lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { useDebounced } from '@/web/lib/use-debounced';
import type { TRecipientVersion } from '@/domains/distribution/schemas';
import type { RecipientView } from './recipient-view';
import { RecipientVideo } from './recipient-video';
import type { Selection } from './selection';
import { VersionAction } from './version-action';

const PAGE = 8;

/**
 * Any recipient's version before sending (decision 224): search the selection's recipients, see
 * each one's fallbacks, open one to read their subject, e-mail and page, and send that e-mail to
 * yourself.
 */
export function RecipientBrowser({ videoId, selection, message, view }: { videoId: string; selection: Selection; message: string; view: RecipientView }) {
  const { LL } = useI18nContext();
  const B = LL.distribution.browser;
  const trpc = useTrpc();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [chosen, setChosen] = useState<string | null>(null);
  const base = useDebounced(
    {
      videoId,
      platforms: selection.platforms,
      contactIds: selection.contactIds,
      listIds: selection.listIds,
      socialContactIds: selection.socialContactIds,
      ...(message.trim() ? { message } : {}),
      ...(view.subject.trim() ? { subject: view.subject } : {}),
      ...(view.title.trim() ? { title: view.title } : {}),
    },
    350,
  );
  const q = useDebounced(search, 300);
  const list = useQuery({
    ...trpc.distribution.recipients.queryOptions({ ...base, search: q || undefined, offset: page * PAGE, limit: PAGE }),
    placeholderData: keepPreviousData,
  });
  const data = list.data;
  if (!data || data.total === 0) return null;
  const pages = Math.ceil(data.matched / PAGE);
  return (
    <Panel title={B.title()} icon={UserSearch} titleId="browser-title" level={3} dense testId="recipient-browser">
      <p className="text-xs text-base-content/60">{B.hint({ count: data.total })}</p>
      <SearchInput
        value={search}
        onChange={(v) => {
          setSearch(v);
          setPage(0);
        }}
        label={B.search()}
        className="input-sm w-full"
        testId="browser-search"
      />
      <ul className="mt-2 divide-y divide-base-300 text-sm" data-testid="browser-list">
        {data.items.map((r) => (
          <li key={r.recipientKey}>
            <button
              type="button"
              className={`flex w-full items-start gap-2 px-1 py-1.5 text-left hover:bg-base-200 ${chosen === r.recipientKey ? 'bg-base-200' : ''}`}
              aria-pressed={chosen === r.recipientKey}
              onClick={() => setChosen(chosen === r.recipientKey ? null : r.recipientKey)}
              data-testid="browser-recipient"
            >
              <span className="w-8 shrink-0 text-right text-xs text-base-content/50">{r.position}</span>
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{r.name || r.address}</span>
                <span className="block truncate text-xs text-base-content/60">{r.address}</span>
                {r.fallbacks.length > 0 && (
                  <span className="block text-xs text-warning-content/80" data-testid="browser-fallbacks">
                    {r.fallbacks.map((f) => B.fallback({ variable: `{${f.variable}}`, value: f.values.map((v) => `“${v}”`).join(' / ') })).join(' · ')}
                  </span>
                )}
              </span>
            </button>
            {chosen === r.recipientKey && <Version input={{ ...base, ...view, recipientKey: r.recipientKey }} />}
          </li>
        ))}
      </ul>
      {data.matched === 0 && <p className="text-sm text-base-content/60">{B.none()}</p>}
      {pages > 1 && (
        <div className="mt-2 flex items-center justify-between text-xs">
          <button type="button" className="btn btn-ghost btn-xs" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {B.previous()}
          </button>
          <span>{B.page({ page: page + 1, pages })}</span>
          <button type="button" className="btn btn-ghost btn-xs" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)} data-testid="browser-next">
            {B.next()}
          </button>
        </div>
      )}
    </Panel>
  );
}

type VersionInput = TRecipientVersion;

/** One recipient's subject, e-mail, page and video, and "Send a test to me". */
function Version({ input }: { input: VersionInput }) {
  const { LL } = useI18nContext();
  const B = LL.distribution.browser;
  const trpc = useTrpc();
  const version = useQuery({ ...trpc.distribution.recipientVersion.queryOptions(input), placeholderData: keepPreviousData });
  const test = useMutation(
    trpc.distribution.sendTest.mutationOptions({
      onSuccess: (r) => toast({ title: B.testSent(), description: B.testSentText({ address: r.to }), variant: 'success' }),
      onError: (e) => toast({ title: B.testFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  const v = version.data;
  if (version.isError) return <p className="p-2 text-sm text-error">{errorMessage(version.error)}</p>;
  if (!v) return <div className="skeleton m-2 h-24" />;
  return (
    <div className="space-y-2 rounded-box bg-base-200/60 p-3" data-testid="recipient-version">
      <p className="text-xs text-base-content/60">{B.subject()}</p>
      <p className="font-semibold" data-testid="version-subject">
        {v.subject}
      </p>
      <p className="text-xs text-base-content/60">{B.email()}</p>
      <div className="whitespace-pre-line rounded-box bg-base-100 p-2" data-testid="version-message">
        {v.message}
      </div>
      {v.opening && (
        <p className="text-xs">
          {B.opening()} <q data-testid="version-opening">{v.opening}</q>
        </p>
      )}
      <p className="text-xs text-base-content/60">{B.landing()}</p>
      <div className="rounded-box bg-base-100 p-2" data-testid="version-page">
        <p className="font-medium">{v.greeting ? B.hi({ name: v.greeting }) : B.hiThere()}</p>
        <p className="text-sm" data-testid="version-title">
          {v.title}
        </p>
        {v.videoUrl && (
          <video className="mt-1 w-full rounded" src={v.videoUrl} poster={v.thumbnail ?? undefined} controls preload="none" data-testid="version-video" />
        )}
        {v.personalised && <p className="mt-1 text-xs text-base-content/60">{B.personalNote()}</p>}
        <p className="mt-1 text-sm">
          <span className="badge badge-primary" data-testid="version-cta">
            {v.cta.label}
          </span>{' '}
          <span className="break-all text-xs text-base-content/60">{v.cta.url}</span>
        </p>
        <p className="text-xs text-base-content/60">{B.sentBy({ sender: v.sender })}</p>
      </div>
      <RecipientVideo input={input} />
      <div className="flex flex-wrap gap-2">
        <a className="btn btn-sm btn-ghost" href={v.landingPath} target="_blank" rel="noopener noreferrer" data-testid="version-open-page">
          <ExternalLink className="size-4" aria-hidden /> {B.openPage()}
        </a>
        <VersionAction action={test} input={input} pendingLabel={B.sendingTest()} icon={<MailCheck className="size-4" aria-hidden />} testId="send-test">
          {B.sendTest()}
        </VersionAction>
      </div>
    </div>
  );
}
