import { useQuery } from '@tanstack/react-query';
import { AudioLines, Clapperboard } from 'lucide-react';
import { useI18nContext } from '@locales/i18n-react';
import { LoadingRows, QueryState } from '../../components/query-state';
import { RoleNote } from '../../components/role-note';
import { useTrpc } from '../../lib/trpc';
import { useCan } from '../../lib/workspace-role';
import { CloneVoice } from './integrations/clone-voice';
import { IntegrationCard } from './integrations/integration-card';
import { SettingsCard } from './settings-card';

/**
 * Settings → Integrations (docs/decisions/220): the workspace's own voice and video providers, one card
 * each, and "Clone my voice" once its own ElevenLabs account is connected. Owners and admins only: a
 * member is told, not queried (the server answers 403 all the same).
 */
export function IntegrationsTab() {
  const { LL } = useI18nContext();
  const t = LL.settings.integrations;
  const trpc = useTrpc();
  const canManage = useCan('admin');
  const query = useQuery({ ...trpc.integrations.list.queryOptions(), enabled: canManage === true });
  if (canManage === false)
    return (
      <SettingsCard title={t.title()} hint={t.hint()} testId="integrations">
        <RoleNote text={t.onlyAdmins()} />
      </SettingsCard>
    );
  const list = query.data?.integrations ?? [];
  const elevenLabs = list.find((i) => i.provider === 'elevenlabs')?.connection;
  return (
    <div className="space-y-6" data-testid="integrations">
      <div>
        <h2 className="text-lg font-semibold">{t.title()}</h2>
        <p className="text-sm text-base-content/60">{t.hint()}</p>
      </div>
      <QueryState
        query={query}
        empty={false}
        loading={<LoadingRows rows={3} testId="integrations-loading" />}
        error={{ message: t.loadFailed(), testId: 'integrations-error' }}
        emptyState={null}
      >
        {(['voice', 'video'] as const).map((kind) => (
          <section key={kind} className="space-y-3" aria-labelledby={`integrations-${kind}`}>
            <h3 id={`integrations-${kind}`} className="flex items-center gap-2 font-medium text-base-content/80">
              {kind === 'voice' ? <AudioLines className="size-4" aria-hidden /> : <Clapperboard className="size-4" aria-hidden />}
              {kind === 'voice' ? t.voiceKind() : t.videoKind()}
            </h3>
            <div className="grid gap-3 lg:grid-cols-2">
              {list
                .filter((i) => i.kind === kind)
                .map((i) => (
                  <IntegrationCard key={i.provider} integration={i} />
                ))}
            </div>
            {kind === 'voice' && elevenLabs?.status === 'connected' && <CloneVoice />}
          </section>
        ))}
      </QueryState>
    </div>
  );
}
