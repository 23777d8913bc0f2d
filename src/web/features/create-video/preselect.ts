import { useQuery } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { useTrpc } from '@/web/lib/trpc';
import { hasWizardParams, type WizardParams } from './search';
import { DEFAULT_LOOK, getWizard, resetWizard, updateWizard, type ChosenAvatar, type WizardState } from './store';

const isCustomAvatar = (id: string | undefined) => !!id && (id.startsWith('custom-avatar-') || id.startsWith('custom_'));

/**
 * What the address asks the wizard to start with, applied once and then dropped from the address
 * (so that a reload does not undo later choices): `?avatar=` and `?template=` preselect,
 * `?script=` fills the script (My Clips → Reuse), `?from=<video>` starts afresh with that video's
 * script, values, avatar, voice, look and template (duplicate and edit: saving makes a new
 * video), `?send=<video>` opens Send To Contact with that saved video.
 */
export function usePreselection(params: WizardParams, clearParams: () => void) {
  const { LL } = useI18nContext();
  const trpc = useTrpc();
  const draft = useQuery({ ...trpc.videos.draft.queryOptions({ id: params.from ?? '' }), enabled: !!params.from, retry: false });
  const avatarId = params.avatar ?? draft.data?.avatar?.id;
  const custom = isCustomAvatar(avatarId);
  const stock = useQuery({
    ...trpc.avatars.list.queryOptions({ page: 1, limit: 100, search: avatarId, type: 'stock' }),
    enabled: !!avatarId && !custom,
  });
  const own = useQuery({ ...trpc.avatars.custom.queryOptions({ id: avatarId ?? '' }), enabled: custom });
  const templateId = params.template ?? draft.data?.templateId ?? undefined;
  const templates = useQuery({ ...trpc.templates.list.queryOptions(), enabled: !!templateId });
  // Applied once per address, even if the effect runs again before the address is cleared.
  const applied = useRef<string | null>(null);
  // What the effect does besides reading the queries: not reasons to run it again.
  const clear = useEffectEvent(() => clearParams());
  const duplicateFailed = useEffectEvent(() => toast({ title: LL.myVideos.duplicateFailed(), description: errorMessage(draft.error), variant: 'destructive' }));
  const duplicateReady = useEffectEvent((title: string) => toast({ title: LL.myVideos.duplicateReady(), description: title, variant: 'success' }));

  useEffect(() => {
    if (!hasWizardParams(params)) return;
    const key = JSON.stringify(params);
    if (applied.current === key) return;
    const done = () => {
      applied.current = key;
      clear();
    };
    if (params.send) {
      resetWizard();
      updateWizard({ savedVideoId: params.send, step: 'distribute' });
      return done();
    }
    if (params.from && draft.isPending) return;
    if (params.from && draft.isError) {
      duplicateFailed();
      return done();
    }
    const avatarSettled = !avatarId || (custom ? !own.isPending : !stock.isPending);
    const templateSettled = !templateId || !templates.isPending;
    if (!avatarSettled || !templateSettled) return;
    const patch: Partial<WizardState> = {};
    const d = draft.data;
    if (params.from && d) {
      resetWizard();
      Object.assign(patch, { script: d.script, variables: d.previewValues, fallbacks: d.fallbacks, voiceId: d.voiceId, look: { ...DEFAULT_LOOK, ...d.look } });
    }
    if (params.script) patch.script = params.script;
    const found = custom ? own.data : stock.data?.avatars.find((a) => a.id === avatarId);
    if (found) {
      const chosen: ChosenAvatar = { id: found.id, name: found.name, thumbnail: found.thumbnail, type: found.type, gender: found.gender };
      // Another avatar: its voices differ (a duplicated video keeps the voice it was made with).
      if (getWizard().avatar?.id !== chosen.id) Object.assign(patch, { avatar: chosen, voiceId: d ? d.voiceId : null });
    }
    if (templateId && templates.data?.templates.some((t) => t.id === templateId)) patch.templateId = templateId;
    if (Object.keys(patch).length) updateWizard(patch);
    if (params.from && d) duplicateReady(d.title);
    done();
  }, [
    params,
    draft.isPending,
    draft.isError,
    draft.data,
    avatarId,
    custom,
    own.isPending,
    own.data,
    stock.isPending,
    stock.data,
    templateId,
    templates.isPending,
    templates.data,
  ]);
}
