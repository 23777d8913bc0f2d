import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { useTrpc } from '@/web/lib/trpc';
import { SCRIPT_MESSAGES, type ScriptToneName } from '@/domains/scripts/schemas';
import { FormField } from '../../../components/form-field';
import { errorMessage } from '../../../lib/rest';
import { ScriptDialog, scriptDone, TextArea, ToneSelect, useProblem, useScriptLanguage, type DialogProps } from './script-dialog-parts';

/** Generate: campaign details and the recipient → POST /api/generate-script (tRPC scripts.generate). */
export function GenerateScriptDialog({ onClose, onScript }: DialogProps) {
  const { LL } = useI18nContext();
  const G = LL.createVideo.generateDialog;
  const trpc = useTrpc();
  const language = useScriptLanguage();
  const [form, setForm] = useState({
    name: '',
    description: '',
    callToAction: '',
    tone: 'friendly' as ScriptToneName,
    recipient: '',
    company: '',
    position: '',
  });
  const [error, setError] = useState<string | undefined>();
  const { problem, fail, clear } = useProblem();
  const set = (k: keyof typeof form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const generate = useMutation(
    trpc.scripts.generate.mutationOptions({
      onSuccess: scriptDone({ onScript, onClose }),
      onError: (e) => {
        const message = errorMessage(e);
        fail(LL.createVideo.script.generateFailed(), message === SCRIPT_MESSAGES.emptyCampaign ? G.campaignRequired() : message);
      },
    }),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!form.name.trim() && !form.description.trim() && !form.callToAction.trim()) return setError(G.campaignRequired());
    setError(undefined);
    clear();
    const hasRecipient = form.recipient.trim() || form.company.trim() || form.position.trim();
    generate.mutate({
      campaignDetails: { name: form.name, description: form.description, callToAction: form.callToAction, tone: form.tone },
      recipient: hasRecipient ? { name: form.recipient, company: form.company, position: form.position } : null,
      tone: form.tone,
      language,
    });
  };

  return (
    <ScriptDialog name="generate" texts={G} onClose={onClose} onSubmit={submit} problem={problem} pending={generate.isPending}>
      <h4 className="font-semibold">{G.campaign()}</h4>
      <FormField
        label={G.campaignName()}
        value={form.name}
        maxLength={200}
        onChange={(e) => set('name')(e.target.value)}
        error={error}
        data-testid="generate-campaign-name"
      />
      <TextArea
        label={G.description()}
        value={form.description}
        onChange={set('description')}
        placeholder={G.descriptionPlaceholder()}
        maxLength={2000}
        testId="generate-description"
      />
      <div className="grid gap-x-3 sm:grid-cols-2">
        <FormField
          label={G.callToAction()}
          value={form.callToAction}
          maxLength={300}
          placeholder={G.callToActionPlaceholder()}
          onChange={(e) => set('callToAction')(e.target.value)}
        />
        <ToneSelect label={G.tone()} value={form.tone} onChange={(t) => setForm((f) => ({ ...f, tone: t }))} />
      </div>
      <h4 className="mt-4 font-semibold">{G.recipient()}</h4>
      <p className="text-xs text-base-content/60">{G.recipientHint({ first: '{first_name}', company: '{company}' })}</p>
      <div className="grid gap-x-3 sm:grid-cols-3">
        <FormField
          label={G.recipientName()}
          value={form.recipient}
          maxLength={200}
          onChange={(e) => set('recipient')(e.target.value)}
          data-testid="generate-recipient"
        />
        <FormField label={G.company()} value={form.company} maxLength={200} onChange={(e) => set('company')(e.target.value)} />
        <FormField label={G.position()} value={form.position} maxLength={200} onChange={(e) => set('position')(e.target.value)} />
      </div>
    </ScriptDialog>
  );
}
