import { ArrowLeft, ArrowRight, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../lib/toast';
import { Stepper, useStepLabel } from './stepper';
import { type Move, nextStepOf, previousStepOf, resolveMove, STEP_IDS, stepIndex, type StepId } from './steps';
import { AvatarStep } from './steps/avatar-step';
import { CustomizeStep } from './steps/customize-step';
import { PaymentStep } from './steps/payment-step';
import { PreviewStep } from './steps/preview-step';
import { ScriptStep } from './steps/script-step';
import { TemplateStep } from './steps/template-step';
import { usePreselection } from './preselect';
import { hasWizardParams, type WizardParams } from './search';
import { getWizard, resetWizard, updateWizard, useWizard } from './store';
import { useRenderPoller } from './use-render';
import { useVariables } from './use-variables';
import { lengthBlock, useLimitText, useSubscription } from '@/web/components/plan-limit';

/**
 * The seven-step video creation wizard (spec part 2 §2.1). The last step's body (sending to contacts) belongs to the
 * distribution feature, so the route composes it in: features do not import each other.
 *
 * The step shown is the address's (`?step=`, decision 133), through the wizard's rules: a step missing its input shows
 * the step that asks for it, and the address is corrected to match. Without `?step=` the wizard resumes its saved step.
 */
export function CreateVideoPage({
  step: asked,
  setStep,
  params,
  clearParams,
  distributeStep,
}: {
  step: StepId | undefined;
  setStep: (step: StepId, replace?: boolean) => void;
  params: WizardParams;
  clearParams: () => void;
  distributeStep: ReactNode;
}) {
  const { LL } = useI18nContext();
  const C = LL.createVideo;
  const saved = useWizard((s) => s.step);
  const script = useWizard((s) => s.script);
  const avatarId = useWizard((s) => s.avatar?.id ?? null);
  const savedVideoId = useWizard((s) => s.savedVideoId);
  const reached = useWizard((s) => s.reached);
  const [confirmReset, setConfirmReset] = useState(false);
  const stepLabel = useStepLabel();
  const { missing } = useVariables();
  const subscription = useSubscription();
  const limitText = useLimitText();
  useRenderPoller();
  usePreselection(params, clearParams);

  const arrival = resolveMove(asked ?? saved, { script, avatarId, savedVideoId });
  const step = arrival.step;
  const preselecting = hasWizardParams(params);

  const explain = (error: Move['error']) => {
    if (error === 'noScript') toast({ title: C.preview.missingScript(), variant: 'destructive' });
    if (error === 'noAvatar') toast({ title: C.selectAvatarFirst(), description: C.selectAvatarFirstText(), variant: 'destructive' });
    if (error === 'noVideo') toast({ title: C.noVideo(), description: C.noVideoText(), variant: 'destructive' });
  };

  // The saved step follows the one shown (a reload, or the address without ?step=, resumes it).
  useEffect(() => {
    if (!preselecting && saved !== step) updateWizard({ step });
  }, [preselecting, saved, step]);

  // An address that asks for a step missing its input (typed, reloaded, Back or Forward) says why, once per address,
  // and is corrected in place. A change under the same address (Start over, a deleted video) is corrected silently:
  // whoever made it says what happened.
  const answered = useRef<string | null>(null);
  const answer = useEffectEvent((error: Move['error']) => explain(error));
  const correct = useEffectEvent((to: StepId) => setStep(to, true));
  useEffect(() => {
    if (preselecting) return;
    if (answered.current !== String(asked)) {
      answered.current = String(asked);
      answer(arrival.error);
    }
    if (asked !== step) correct(step);
  }, [preselecting, asked, step, arrival.error]);

  /** Every move goes through the wizard's rules (customize needs an avatar, distribute a saved video). */
  const go = (target: StepId) => {
    const s = getWizard();
    const move = resolveMove(target, { script: s.script, avatarId: s.avatar?.id ?? null, savedVideoId: s.savedVideoId });
    explain(move.error);
    if (move.step !== step) setStep(move.step);
    window.scrollTo({ top: 0, behavior: 'instant' });
  };

  const at = stepIndex(step);
  // The script step holds Next while the script is longer than the plan's videos (the reason is said beside it).
  const tooLong = step === 'script' ? lengthBlock(subscription.data, script) : null;
  const blocked = (step === 'template' && missing.length > 0) || !!tooLong;

  return (
    <div data-testid="create-video" data-step={step}>
      <PageHeader
        title={C.title()}
        subtitle={C.subtitle()}
        actions={
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirmReset(true)} data-testid="wizard-reset">
            <RotateCcw className="size-4" aria-hidden /> {C.startOver()}
          </button>
        }
      />
      <Stepper current={step} reached={reached} onSelect={go} />
      <p className="mb-2 text-sm text-base-content/60">{C.stepOf({ n: at + 1, total: STEP_IDS.length })}</p>

      <section className="rounded-box border border-base-300 bg-base-100 p-4 md:p-6" aria-label={stepLabel(step)} data-testid={`step-${step}`}>
        {step === 'script' && <ScriptStep />}
        {step === 'avatar' && <AvatarStep />}
        {step === 'avatar-customize' && <CustomizeStep />}
        {step === 'template' && <TemplateStep />}
        {step === 'preview' && <PreviewStep onGoTo={go} />}
        {step === 'payment' && <PaymentStep />}
        {step === 'distribute' && distributeStep}

        <div className="mt-6 flex flex-wrap items-center justify-between gap-2 border-t border-base-200 pt-4">
          {at > 0 ? (
            <button type="button" className="btn btn-ghost" onClick={() => go(previousStepOf(step))} data-testid="wizard-previous">
              <ArrowLeft className="size-4" aria-hidden /> {C.previous()}
            </button>
          ) : (
            <span />
          )}
          {step !== 'distribute' && (
            <div className="flex flex-wrap items-center justify-end gap-3">
              {blocked && !tooLong && (
                <p className="text-sm text-warning-content/80 dark:text-warning" role="status" data-testid="variables-hint">
                  {C.template.fillAll()}
                </p>
              )}
              {tooLong && (
                <p className="max-w-md text-sm text-error" role="status" data-testid="next-blocked-reason">
                  {limitText(tooLong)}
                </p>
              )}
              <button type="button" className="btn btn-primary" disabled={blocked} onClick={() => go(nextStepOf(step))} data-testid="wizard-next">
                {C.next()} <ArrowRight className="size-4" aria-hidden />
              </button>
            </div>
          )}
        </div>
      </section>

      <ConfirmDialog
        open={confirmReset}
        title={C.startOverTitle()}
        confirmLabel={C.startOver()}
        onClose={() => setConfirmReset(false)}
        onConfirm={() => {
          resetWizard();
          setConfirmReset(false);
        }}
      >
        {C.startOverText()}
      </ConfirmDialog>
    </div>
  );
}
