import { ArrowLeft, ArrowRight, RotateCcw } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useI18nContext } from '@locales/i18n-react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { PageHeader } from '../../components/page-header';
import { toast } from '../../lib/toast';
import { Stepper, useStepLabel } from './stepper';
import { nextStepOf, previousStepOf, resolveMove, STEP_IDS, stepIndex, type StepId } from './steps';
import { AvatarStep } from './steps/avatar-step';
import { CustomizeStep } from './steps/customize-step';
import { PaymentStep } from './steps/payment-step';
import { PreviewStep } from './steps/preview-step';
import { ScriptStep } from './steps/script-step';
import { TemplateStep } from './steps/template-step';
import { usePreselection } from './preselect';
import type { WizardParams } from './search';
import { getWizard, resetWizard, updateWizard, useWizard } from './store';
import { useRenderPoller } from './use-render';
import { useVariables } from './use-variables';

/**
 * The seven-step video creation wizard (spec part 2 §2.1). The last step's body (sending to contacts) belongs to the
 * distribution feature, so the route composes it in: features do not import each other.
 */
export function CreateVideoPage({ params, clearParams, distributeStep }: { params: WizardParams; clearParams: () => void; distributeStep: ReactNode }) {
  const { LL } = useI18nContext();
  const C = LL.createVideo;
  const step = useWizard((s) => s.step);
  const reached = useWizard((s) => s.reached);
  const [confirmReset, setConfirmReset] = useState(false);
  const stepLabel = useStepLabel();
  const { missing } = useVariables();
  useRenderPoller();
  usePreselection(params, clearParams);

  /** Every move goes through the wizard's rules (customize needs an avatar, distribute a saved video). */
  const go = (target: StepId) => {
    const s = getWizard();
    const move = resolveMove(target, { script: s.script, avatarId: s.avatar?.id ?? null, savedVideoId: s.savedVideoId });
    if (move.error === 'noScript') toast({ title: C.preview.missingScript(), variant: 'destructive' });
    if (move.error === 'noAvatar') toast({ title: C.selectAvatarFirst(), description: C.selectAvatarFirstText(), variant: 'destructive' });
    if (move.error === 'noVideo') toast({ title: C.noVideo(), description: C.noVideoText(), variant: 'destructive' });
    updateWizard({ step: move.step });
    window.scrollTo({ top: 0, behavior: 'instant' });
  };

  const at = stepIndex(step);
  const blocked = step === 'template' && missing.length > 0;

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
              {blocked && (
                <p className="text-sm text-warning-content/80 dark:text-warning" role="status" data-testid="variables-hint">
                  {C.template.fillAll()}
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
