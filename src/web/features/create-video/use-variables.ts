import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { initialFallbacks, initialValues, missingVariables, variableFields } from './steps';
import { useWizard } from './store';
import { useTrpc } from '@/web/lib/trpc';
import { useI18nContext } from '@locales/i18n-react';

/**
 * The template step's fields (preview values and fallbacks of the recipient variables, values of
 * the template's own) and what is still missing, shared by the step and the wizard's Next button.
 */
export function useVariables() {
  const trpc = useTrpc();
  const templateId = useWizard((s) => s.templateId);
  const script = useWizard((s) => s.script);
  const typed = useWizard((s) => s.variables);
  const typedFallbacks = useWizard((s) => s.fallbacks);
  const avatarId = useWizard((s) => s.avatar?.id ?? null);
  const voiceId = useWizard((s) => s.voiceId);
  const { locale } = useI18nContext();
  const voices = useQuery({ ...trpc.voices.list.queryOptions({ avatarId: avatarId ?? undefined }), staleTime: 5 * 60 * 1000 });
  // The voice says the fallbacks: its language, else the screen's until a voice is chosen.
  const language = voices.data?.voices.find((v) => v.id === voiceId)?.language ?? locale;
  const list = useQuery(trpc.templates.list.queryOptions());
  const detail = useQuery({ ...trpc.templates.byId.queryOptions({ id: templateId ?? '' }), enabled: !!templateId });
  const defaults = useMemo(() => {
    const out: Record<string, string> = {};
    for (const t of list.data?.templates ?? [])
      for (const [name, v] of Object.entries(t.variables)) if (v.kind === 'text') out[name.toLowerCase()] ??= v.defaultValue;
    return out;
  }, [list.data]);
  const template = templateId ? (detail.data ?? null) : null;
  const fields = useMemo(() => variableFields(template, script, defaults, language), [template, script, defaults, language]);
  const values = useMemo(() => initialValues(fields, typed), [fields, typed]);
  const fallbacks = useMemo(() => initialFallbacks(fields, typedFallbacks ?? {}), [fields, typedFallbacks]);
  // While the chosen template's detail loads (or failed), its variables are unknown: not complete.
  const loading = !!templateId && !detail.data;
  const missing = loading ? ['…'] : missingVariables(fields, values, { avatarId, voiceId });
  return { fields, values, fallbacks, missing, template, detail, list, loading };
}
