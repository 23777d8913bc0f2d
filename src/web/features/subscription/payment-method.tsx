import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { CreditCard, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useI18nContext } from '@locales/i18n-react';
import { fieldsOf } from '@/web/lib/form-fields';
import { ZPaymentMethod, type TPaymentMethod, type TPaymentMethodInput } from '@/domains/billing/schemas';
import { FormField } from '../../components/form-field';
import { errorMessage } from '../../lib/rest';
import { toast } from '../../lib/toast';
import { DialogActions, Modal } from '@/web/components/modal';
import { useRefreshSubscription, type Subscription } from '@/web/components/plan-limit';
import { useTrpc } from '@/web/lib/trpc';
import { PendingButton } from '@/web/components/pending-button';
import { useCan } from '@/web/lib/workspace-role';

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' };

/** The billing provider's payment method, and a form to change it (the sandbox keeps brand, last 4 and expiry only). */
export function PaymentMethodCard({ subscription: d }: { subscription: Subscription }) {
  const { LL } = useI18nContext();
  const canChange = useCan('owner') !== false;
  const s = LL.subscription.payment;
  const [editing, setEditing] = useState(false);
  const m = d.paymentMethod;
  const sandbox = d.billingProvider === 'local';
  const brand = m ? (m.brand === 'sandbox' ? s.sandboxCard() : (BRANDS[m.brand] ?? s.card())) : null;
  return (
    <section className="card border border-base-300 bg-base-100" data-testid="payment-method">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-sm font-medium tracking-wide text-base-content/60 uppercase">{s.title()}</h2>
          {sandbox && (
            <span className="badge badge-warning badge-soft gap-1" data-testid="payment-sandbox-badge">
              <FlaskConical className="size-3" aria-hidden /> {LL.common.sandbox()}
            </span>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <CreditCard className="size-8 shrink-0 text-primary" aria-hidden />
          <div className="min-w-0 flex-1">
            {m ? (
              <>
                <p className="font-semibold" data-testid="payment-method-card">
                  {brand} •••• {m.last4}
                </p>
                {m.expMonth && m.expYear && (
                  <p className="text-sm text-base-content/70">{s.expires({ date: `${String(m.expMonth).padStart(2, '0')}/${m.expYear}` })}</p>
                )}
              </>
            ) : (
              <p className="text-base-content/70">{s.none()}</p>
            )}
          </div>
          <button type="button" className="btn btn-outline btn-sm" onClick={() => setEditing(true)} disabled={!canChange} data-testid="payment-method-change">
            {s.change()}
          </button>
        </div>
        {sandbox && <p className="text-xs text-base-content/60">{s.sandboxHint()}</p>}
      </div>
      <Modal
        open={editing}
        title={s.formTitle()}
        subtitle={sandbox ? s.sandboxHint() : undefined}
        onClose={() => setEditing(false)}
        testId="payment-method-dialog"
      >
        <CardForm onDone={() => setEditing(false)} />
      </Modal>
    </section>
  );
}

function CardForm({ onDone }: { onDone: () => void }) {
  const { LL } = useI18nContext();
  const s = LL.subscription.payment;
  const trpc = useTrpc();
  const refresh = useRefreshSubscription();
  const form = useForm<TPaymentMethodInput, unknown, TPaymentMethod>({
    resolver: zodResolver(ZPaymentMethod),
    defaultValues: { number: '', expMonth: '', expYear: '', cvc: '', name: '' },
  });
  const field = fieldsOf(form);
  const save = useMutation(
    trpc.billing.setPaymentMethod.mutationOptions({
      onSuccess: () => {
        refresh();
        toast({ title: s.saved(), variant: 'success' });
        onDone();
      },
      onError: (e) => toast({ title: s.failed(), description: errorMessage(e), variant: 'destructive' }),
    }),
  );
  return (
    // The number and the code are sent once, to the provider; never kept in the page's state after.
    <form noValidate onSubmit={form.handleSubmit((v) => save.mutate(v))} data-testid="payment-method-form">
      <FormField
        label={s.number()}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
        {...field('number')}
        data-testid="card-number"
      />
      <div className="grid grid-cols-3 gap-3">
        {(
          [
            ['expMonth', s.expMonth(), 'cc-exp-month', 'MM', 2, 'card-exp-month'],
            ['expYear', s.expYear(), 'cc-exp-year', 'YYYY', 4, 'card-exp-year'],
            ['cvc', s.cvc(), 'cc-csc', undefined, 4, 'card-cvc'],
          ] as const
        ).map(([name, label, autoComplete, placeholder, maxLength, testId]) => (
          <FormField
            key={name}
            label={label}
            inputMode="numeric"
            autoComplete={autoComplete}
            placeholder={placeholder}
            maxLength={maxLength}
            {...field(name)}
            data-testid={testId}
          />
        ))}
      </div>
      <FormField label={s.name()} autoComplete="cc-name" {...field('name')} data-testid="card-name" />
      <DialogActions onCancel={onDone} cancelDisabled={save.isPending}>
        <PendingButton pending={save.isPending} testId="card-save">
          {s.save()}
        </PendingButton>
      </DialogActions>
    </form>
  );
}
