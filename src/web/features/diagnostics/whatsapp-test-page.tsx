import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { PageHeader } from '../../components/page-header';
import { api, errorMessage } from '../../lib/rest';
import { SandboxBadge } from '@/web/components/social/platform-icon';
import { SearchInput } from '@/web/components/search-input';
import { QueryState } from '@/web/components/query-state';
import { Table } from '@/web/components/table';

/** /whatsapp-test (spec part 2 §2.7): the contacts of the connected WhatsApp account. */
export function WhatsAppTestPage() {
  const { LL } = useI18nContext();
  const W = LL.social.whatsappTest;
  const test = useQuery({ queryKey: ['unipile', 'whatsapp-test'], queryFn: () => api.get('/api/unipile/whatsapp-test'), staleTime: 0 });
  const [q, setQ] = useState('');
  const contacts = useMemo(() => {
    const needle = q.trim().toLowerCase();
    const all = test.data?.contacts ?? [];
    return needle ? all.filter((c) => `${c.name} ${c.phone ?? ''}`.toLowerCase().includes(needle)) : all;
  }, [test.data, q]);

  return (
    <div data-testid="whatsapp-test">
      <PageHeader
        title={W.title()}
        subtitle={W.subtitle()}
        refresh={{ onClick: () => void test.refetch(), spinning: test.isFetching, label: W.load(), testId: 'whatsapp-reload' }}
      />
      <QueryState
        query={test}
        empty={false}
        loading={<div className="skeleton h-40" data-testid="whatsapp-loading" />}
        error={{ message: W.loadFailed(), detail: errorMessage(test.error), testId: 'whatsapp-error' }}
        emptyState={null}
      >
        {test.data && (
          <section className="card border border-base-300 bg-base-100" data-testid="whatsapp-result" data-success={test.data.success}>
            <div className="card-body gap-4 p-5">
              <div className="flex flex-wrap items-center gap-2">
                <span className={`badge ${test.data.success ? 'badge-success' : 'badge-warning'}`}>{test.data.success ? W.ok() : W.notOk()}</span>
                {test.data.sandbox && <SandboxBadge />}
                <p className="text-sm" data-testid="whatsapp-message">
                  {test.data.message}
                </p>
              </div>
              {!test.data.success && test.data.contactCount === 0 && (
                <p className="text-sm text-base-content/70">
                  {W.connectHint()}{' '}
                  <Link to="/social-profiles" className="link link-primary">
                    {LL.social.profiles.title()}
                  </Link>
                </p>
              )}
              {test.data.contactCount > 0 && (
                <>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <h2 className="font-semibold" data-testid="whatsapp-count">
                      {W.count({ count: test.data.contactCount })}
                    </h2>
                    <SearchInput value={q} onChange={setQ} label={W.search()} className="input-sm w-full sm:w-64" />
                  </div>
                  <Table columns={[W.name(), W.phone(), W.id()]} className="table-sm table-pin-rows" box="max-h-[28rem] overflow-auto">
                    {contacts.map((c) => (
                      <tr key={c.id} data-testid="whatsapp-contact">
                        <td>{c.name}</td>
                        <td className="font-mono text-xs">{c.phone ?? '—'}</td>
                        <td className="font-mono text-xs break-all text-base-content/60">{c.id}</td>
                      </tr>
                    ))}
                  </Table>
                </>
              )}
            </div>
          </section>
        )}
      </QueryState>
    </div>
  );
}
