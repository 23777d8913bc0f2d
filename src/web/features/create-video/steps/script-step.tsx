import { Lightbulb, Sparkles, Wand2 } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { SCRIPT_MAX_LENGTH } from '@/domains/scripts/schemas';
import { useI18nContext } from '@locales/i18n-react';
import { useFormat } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { updateWizard, useWizard } from '../store';
import { GenerateScriptDialog } from './generate-script-dialog';
import { EnhanceDialog, InspireDialog } from './script-dialogs';
import { LabelledField } from '@/web/components/form-field';
import { StepHeader } from './step-parts';
import { lengthBlock, PlanLimitNotice, useSubscription } from '@/web/components/plan-limit';
import { speechSeconds } from '@/shared/limits';

const VARIABLES = ['{first_name}', '{company}', '{position}'] as const;

export function ScriptStep() {
  const { LL } = useI18nContext();
  const S = LL.createVideo.script;
  const f = useFormat();
  const id = useId();
  const script = useWizard((s) => s.script);
  const ref = useRef<HTMLTextAreaElement>(null);
  const [dialog, setDialog] = useState<'generate' | 'enhance' | 'inspire' | null>(null);
  const words = script.trim() ? script.trim().split(/\s+/).length : 0;
  // The plan's video length, told where the script is written (the server refuses a longer render with the same rule).
  const sub = useSubscription().data;
  const tooLong = lengthBlock(sub, script);

  const setScript = (value: string) => updateWizard({ script: value.slice(0, SCRIPT_MAX_LENGTH) });

  // The variable goes where the cursor is, and the cursor lands after it.
  const insert = (variable: string) => {
    const el = ref.current;
    const start = el?.selectionStart ?? script.length;
    const end = el?.selectionEnd ?? script.length;
    const next = script.slice(0, start) + variable + script.slice(end);
    if (next.length > SCRIPT_MAX_LENGTH) return;
    setScript(next);
    requestAnimationFrame(() => {
      el?.focus();
      el?.setSelectionRange(start + variable.length, start + variable.length);
    });
  };

  const openEnhance = () => {
    if (!script.trim()) return toast({ title: S.noScript(), description: S.noScriptText(), variant: 'destructive' });
    setDialog('enhance');
  };

  return (
    <div className="space-y-4">
      <StepHeader title={S.title()} hint={S.hint()} />

      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog('generate')} data-testid="script-generate">
          <Wand2 className="size-4" aria-hidden /> {S.generate()}
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={openEnhance} data-testid="script-enhance">
          <Sparkles className="size-4" aria-hidden /> {S.enhance()}
        </button>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => setDialog('inspire')} data-testid="script-inspire">
          <Lightbulb className="size-4" aria-hidden /> {S.inspire()}
        </button>
      </div>

      <LabelledField label={S.label()} htmlFor={id}>
        <textarea
          id={id}
          ref={ref}
          className="textarea h-56 w-full text-base leading-relaxed"
          value={script}
          maxLength={SCRIPT_MAX_LENGTH}
          placeholder={S.placeholder()}
          onChange={(e) => setScript(e.target.value)}
          data-testid="script-input"
        />
        <div className="flex flex-wrap justify-between gap-2 text-xs text-base-content/60">
          <span data-testid="script-duration" className={tooLong ? 'font-medium text-error' : ''}>
            {words > 0 ? S.duration({ seconds: speechSeconds(script) }) : '\u00a0'}
            {sub && (
              <span className={tooLong ? '' : 'text-base-content/60'} data-testid="script-length-limit">
                {' · '}
                {LL.limits.lengthOk({ plan: sub.plan.name, max: sub.limits.maxVideoMinutes })}
              </span>
            )}
          </span>
          <span className={script.length >= SCRIPT_MAX_LENGTH ? 'text-error' : ''} data-testid="script-counter">
            {S.counter({ count: f.number(script.length), max: f.number(SCRIPT_MAX_LENGTH) })}
          </span>
        </div>
      </LabelledField>

      {tooLong && <PlanLimitNotice block={tooLong} testId="script-limit" />}

      <div className="rounded-box bg-base-200 p-3 text-sm">
        <p className="mb-2 text-base-content/80">{S.variablesHint({ first: '{first_name}', company: '{company}' })}</p>
        <div className="flex flex-wrap items-center gap-2">
          <span className="text-base-content/60">{S.insertVariable()}</span>
          {VARIABLES.map((v) => (
            <button key={v} type="button" className="btn btn-xs btn-ghost border-base-content/20 font-mono" onClick={() => insert(v)}>
              {v}
            </button>
          ))}
        </div>
      </div>

      {dialog === 'generate' && <GenerateScriptDialog onClose={() => setDialog(null)} onScript={setScript} />}
      {dialog === 'enhance' && <EnhanceDialog script={script} onClose={() => setDialog(null)} onScript={setScript} />}
      {dialog === 'inspire' && <InspireDialog seed={script} onClose={() => setDialog(null)} onScript={setScript} />}
    </div>
  );
}
