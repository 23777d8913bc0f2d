import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { Archive, Download } from 'lucide-react';
import { useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { QueryError } from '../../components/route-error';
import { useFormat } from '../../lib/format';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { SettingsCard } from './settings-card';
import { RoleNote } from '@/web/components/role-note';
import { useCan } from '@/web/lib/workspace-role';

const BUSY = new Set(['queued', 'running']);

/** Settings → Advanced → Export: ask for an archive, watch its progress, download it for 7 days. */
export function DataExport() {
  const { LL } = useI18nContext();
  const x = LL.settings.dataExport;
  const f = useFormat();
  const { trpc } = useRouteContext({ from: '__root__' });
  const queryClient = useQueryClient();
  const [includeFiles, setIncludeFiles] = useState(false);
  // Polled each second while an export is being built; idle otherwise.
  const exports = useQuery({
    ...trpc.exports.list.queryOptions(),
    refetchInterval: (q) => (q.state.data?.some((e) => BUSY.has(e.status)) ? 1000 : false),
  });
  const busy = exports.data?.some((e) => BUSY.has(e.status)) ?? false;
  // Starting and downloading an export are an admin's; any member sees the list.
  const canExport = useCan('admin') !== false;
  const request = useMutation(
    trpc.exports.request.mutationOptions({
      onSuccess: () => {
        toast({ title: x.requested(), description: x.requestedText(), variant: 'success' });
        void queryClient.invalidateQueries({ queryKey: trpc.exports.list.queryKey() });
      },
      onError: (e) => toast({ title: LL.settings.advanced.actionFailed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );

  return (
    <SettingsCard title={x.title()} icon={Archive} hint={x.hint()} testId="data-export">
      <div className="flex flex-wrap items-center gap-4">
        <label className="label min-w-0 cursor-pointer items-start gap-2 whitespace-normal">
          <input
            type="checkbox"
            className="checkbox checkbox-sm"
            checked={includeFiles}
            onChange={(e) => setIncludeFiles(e.target.checked)}
            data-testid="export-include-files"
          />
          <span>
            <span className="text-base-content">{x.includeFiles()}</span>
            <span className="block text-xs text-base-content/60">{x.includeFilesHint()}</span>
          </span>
        </label>
        <button
          type="button"
          className="btn btn-primary"
          disabled={request.isPending || busy || !canExport}
          onClick={() => request.mutate({ includeFiles })}
          data-testid="export-request"
        >
          {request.isPending && <span className="loading loading-spinner loading-sm" />}
          {request.isPending ? x.requesting() : x.request()}
        </button>
        {!canExport && <RoleNote text={LL.workspaces.onlyAdmins()} />}
      </div>

      <div className="mt-4">
        {exports.isPending && <div className="skeleton h-12 w-full" />}
        {exports.isError && <QueryError error={exports.error} onRetry={() => void exports.refetch()} />}
        {exports.data?.length === 0 && <p className="py-4 text-center text-sm text-base-content/60">{x.none()}</p>}
        <ul className="divide-y divide-base-300">
          {exports.data?.map((e) => (
            <li key={e.id} className="flex flex-wrap items-center gap-3 py-3" data-testid="export-row" data-status={e.status}>
              <div className="min-w-48 flex-1">
                <p className="font-medium">{x.requestedOn({ date: f.date(e.createdAt) })}</p>
                <p className="text-xs text-base-content/60">
                  {e.includeFiles ? x.withFiles() : x.metadataOnly()}
                  {e.size != null && ` · ${f.bytes(e.size)}`}
                  {e.status === 'ready' && e.expiresAt && ` · ${x.expiresOn({ date: f.date(e.expiresAt) })}`}
                </p>
              </div>
              {BUSY.has(e.status) && (
                <div className="flex min-w-48 items-center gap-2" data-testid="export-progress">
                  <progress className="progress progress-primary w-40" value={e.progress} max={100} aria-label={x.title()} />
                  <span className="text-sm tabular-nums">{x.status.running({ progress: e.progress })}</span>
                </div>
              )}
              {e.status === 'ready' && e.downloadUrl && canExport && (
                <a className="btn btn-sm" href={e.downloadUrl} download data-testid="export-download">
                  <Download className="size-4" aria-hidden /> {x.download()}
                </a>
              )}
              {e.status === 'failed' && <span className="badge badge-error badge-soft">{x.status.failed()}</span>}
              {e.status === 'expired' && <span className="badge badge-ghost">{x.status.expired()}</span>}
            </li>
          ))}
        </ul>
      </div>
    </SettingsCard>
  );
}
